print("ourplanet: not built yet")
