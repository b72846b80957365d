"""The public Python API (``oracle.Table``) and the command line."""
