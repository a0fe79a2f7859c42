"""The command line: thin typer commands that call the library and print."""
