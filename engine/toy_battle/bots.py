"""placeholder"""
class HeuristicBot:
    name = "heuristic"
    def __init__(self, seed: int = 0) -> None:
        pass
