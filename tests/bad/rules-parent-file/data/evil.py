raise SystemExit("ran")
