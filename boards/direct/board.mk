# The engine's cuts for this board's image (engine_config.h's ENGINE_OMIT_<GAME>, read by the
# Makefile as AVR_ENGINE_OMIT_<board>): the games past line its flash leaves to the calculator.
ENGINE_OMIT := LASKER DAG MULT CALENDAR
