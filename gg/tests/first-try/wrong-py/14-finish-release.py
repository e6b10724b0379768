import gg
gg.session.finish("The release is ready.")
