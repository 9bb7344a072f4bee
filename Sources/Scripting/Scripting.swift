// Scripting: placeholder, being written.
