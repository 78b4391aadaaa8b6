Z-last
