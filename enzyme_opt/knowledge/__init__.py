"""What library functions and the program's own declarations say about a callee: call kinds,
callee tables, Enzyme annotations in IR form; where the shadows of globals are."""
