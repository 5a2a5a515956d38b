"""The ``palmares`` command: thin shells that parse arguments, call the core and print."""
