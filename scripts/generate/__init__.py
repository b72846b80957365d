"""The files read from the code and the proto: oracle/_gen, the generated parts of docs/, the explorer's rule pages."""
