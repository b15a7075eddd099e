from lanternhook.server import main

main()
