from essais.cli.main import main

main()
