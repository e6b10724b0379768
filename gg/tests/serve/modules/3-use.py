import lib

print(lib.helper.seven())
