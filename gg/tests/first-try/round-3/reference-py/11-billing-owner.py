import gg

for line in gg.memories.read("component-owners").body.splitlines():
    component, sep, owner = line.lstrip("- ").partition(":")
    if sep and component.strip() == "billing":
        print(owner.strip())
