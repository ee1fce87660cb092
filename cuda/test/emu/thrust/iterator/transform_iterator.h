// The emulated device's stand-in (cuda/test/emu/cub_emu.h).
#include "cub_emu.h"
