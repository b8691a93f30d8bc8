def load_dotenv(*a, **k): pass
