from essais.cli import main

main()
