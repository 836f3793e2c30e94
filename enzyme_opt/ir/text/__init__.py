"""LLVM IR's textual format: lexer, module and body parsers, bodies kept as text, printer,
float spelling."""
