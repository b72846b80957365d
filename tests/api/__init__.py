"""The public Python API (``oracle.table.Table``) and the command line."""
