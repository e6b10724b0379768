import gg

gg.programs.rerun(gg.programs.get())
