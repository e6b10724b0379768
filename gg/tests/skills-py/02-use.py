from lib.greeting import greet
print(greet("Ada"))
