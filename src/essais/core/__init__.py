"""What every problem shares: results and counters, limits, errors."""
