# The uno board: an Uno with nothing attached, the whole calculator on its USB serial line.
# A calculator board: its own main (boards/uno/main.c), the console and the engine with every
# game and the calculator's limits; no LEDs, buttons, menu, game, EEPROM or faults image.
BOARD_KIND := calculator
# The engine's cuts (engine_config.h's ENGINE_OMIT_<GAME>): none, the calculator has every game.
ENGINE_OMIT :=
