"""Form widgets."""


class OldForm:
    """Kept for plugins; Deprecated since 2.0."""


class Form:
    pass
