import gg

gg.memories.write("helper", "sevens", "body", code="def seven():\n    return 7\n")
print("bound")
