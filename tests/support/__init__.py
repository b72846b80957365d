"""What the tests share: the seeds' quotes, the browser, the mutants, the recorded answers."""
