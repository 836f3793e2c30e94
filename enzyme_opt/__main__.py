"""`python -m enzyme_opt` runs the command-line tool."""

from enzyme_opt.cli import main

if __name__ == "__main__":
    main()
