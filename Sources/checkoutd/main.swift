print("checkoutd")
