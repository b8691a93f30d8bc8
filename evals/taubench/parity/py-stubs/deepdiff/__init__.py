class DeepDiff(dict): pass
