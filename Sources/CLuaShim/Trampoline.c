#include "CLuaShim.h"
