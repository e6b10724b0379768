import gg
out = gg.shell.run("sh run-tests.sh")
gg.board.create_issue("Test failing: render_unicode", description=out.output, labels=["ci"])
gg.session.finish("render_unicode fails")
