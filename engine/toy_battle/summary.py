"""placeholder"""
def rules_summary(config=None) -> str:
    return ""
