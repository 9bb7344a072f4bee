// LuaBridge: placeholder, being written.
