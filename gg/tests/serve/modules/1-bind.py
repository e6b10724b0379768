import gg

gg.memories.write("helper", "body", "sevens", code="def seven():\n    return 7\n")
print("bound")
