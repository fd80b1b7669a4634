"""Games recorded by earlier engine versions, and the script that recorded them."""
