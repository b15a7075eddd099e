from cairnline.server import main

main()
