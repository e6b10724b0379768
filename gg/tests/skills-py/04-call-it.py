from lib.fails import boom

boom()
