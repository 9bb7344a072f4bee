-- Lua's pattern functions run on Ripple's own matcher (docs/reliability.md): Lua 5.4's semantics (the Lua
-- test suite's pm.lua passes, PatternMatcherTests), errors in Lua's words at the caller's file:line — even
-- when pcall calls the function directly — and a step budget charged to the instruction limit (a
-- catastrophic pattern stops there: PatternMatcherTests, which lowers the limit).
local model = ripple.model { Note = { text = "string" } }
local ctx = ripple.container(model).viewContext
local note = ctx:insert("Note", { text = "key = value; other = 42" })
ctx:save()

scenario("find, match, gmatch and gsub as in Lua 5.4", function()
  expect({ note.text:find("=", 1, true) }):toEqual({ 5, 5 })
  expect({ note.text:find("(%w+) = (%w+)", 6) }):toEqual({ 14, 23, "other", "42" })
  expect({ ("hello"):match("()ll()") }):toEqual({ 3, 5 })
  local pairsFound = {}
  for k, v in note.text:gmatch("(%w+) = (%w+)") do pairsFound[#pairsFound + 1] = k .. ":" .. v end
  expect(pairsFound):toEqual({ "key:value", "other:42" })
  expect({ ("abc"):gsub("%w", "%0%0") }):toEqual({ "aabbcc", 3 })
  expect({ ("$x and $y"):gsub("%$(%w+)", { x = "1" }) }):toEqual({ "1 and $y", 2 })
  expect(("THE (quick) fox"):gsub("%f[%a]%a+", string.lower)):toBe("the (quick) fox")
  expect(("f(a(b)c)d"):match("%b()")):toBe("(a(b)c)")
  expect({ ("a,b,,c"):gsub(",", ";", 2) }):toEqual({ "a;b;,c", 2 })
end)

scenario("malformed patterns: Lua's messages at the caller's file:line", function()
  expect(function() return ("x"):find("[a") end)
    :toRaise("220%-lua%-patterns%.lua:25: malformed pattern %(missing '%]'%)")
  expect(function() return ("x"):match("%") end)
    :toRaise("220%-lua%-patterns%.lua:27: malformed pattern %(ends with '%%'%)")
  expect(function() return ("x"):match("(x") end):toRaise("unfinished capture")
  expect(function() return ("x"):gsub("x)", "") end):toRaise("invalid pattern capture")
  expect(function() return ("x"):find("%1") end):toRaise("invalid capture index %%1")
  expect(function() return ("x"):gsub("x", "%9") end):toRaise("invalid capture index %%9")
  expect(function() return ("x"):gsub("x", "%") end):toRaise("invalid use of '%%' in replacement string")
  expect(function() return ("x"):gsub("x", { x = {} }) end):toRaise("invalid replacement value %(a table%)")
  expect(function() return ("x"):find("%f") end):toRaise("missing '%[' after '%%f' in pattern")
  expect(function() return ("x"):find("%b") end):toRaise("malformed pattern %(missing arguments to '%%b'%)")
  expect(function() return ("a"):rep(300):match((".?"):rep(300)) end):toRaise("pattern too complex")
  expect(function() return ("x"):match(("("):rep(33)) end):toRaise("too many captures")
end)

scenario("an error raised for a pattern called straight from pcall still has a place", function()
  local ok, err = pcall(string.find, "a", "[")
  expect(ok):toBe(false)
  expect(err):toContain("220-lua-patterns.lua:42: malformed pattern (missing ']')")
  ok, err = pcall(string.gsub, "a", "a")
  expect(err):toContain("220-lua-patterns.lua:45: bad argument #3 to '?' (string/function/table expected, got no value)")
end)

scenario("after the errors, everything is intact", function()
  expect(note.text:match("^(%w+)")):toBe("key")
  note.text = note.text:gsub("42", "43")
  ctx:save()
  expect(ctx:fetch { entity = "Note", predicate = "text ENDSWITH '43'" }):toEqual({ note })
end)
