from trajan_cli.cli import main

main()
