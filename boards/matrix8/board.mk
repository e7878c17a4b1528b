# The engine's cuts for this board's image (engine_config.h's ENGINE_OMIT_<GAME>, read by the
# Makefile as AVR_ENGINE_OMIT_<board>): the games past line its flash leaves to the calculator,
# and EXACT, the exact misere search, which its menu does not need (no misere variant but Nim's
# fits its 64 tokens).
ENGINE_OMIT := LASKER DAG MULT CALENDAR EXACT
