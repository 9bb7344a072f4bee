-- Differential check of Ripple's pattern matcher (Sources/CLuaShim/Patterns.c) against the system Lua 5.4's own:
-- random subjects, patterns (every item kind, malformed ones included), init positions and replacements;
-- results and error messages (without their position) must be identical. Run by Scripts/fuzz/patterns.sh.
local seed = tonumber(os.getenv("SEED") or "1")
math.randomseed(seed)
local R = math.random
local atoms = { "a", "b", ".", "%a", "%d", "%s", "%w", "%A", "%p", "%x", "%z", "%%", "%.", "[ab]", "[^a]", "[a-c]", "[%d_]", "[]a]", "[^]]", "[a-]",
  "(", ")", "()", "%1", "%2", "%0", "%bab", "%b()", "%f[%w]", "%f[%W]", "%f[a]", "^", "$", "\0", "[", "%", "%f", "%b", "-", "*", "+", "?", "1", " ", "[%a-z]", "[\0-\2]" }
local quants = { "", "", "", "*", "+", "-", "?" }
local alphabet = { "a", "b", "c", "(", ")", " ", "1", "2", "_", "\0", "%", "[", "]", "-", "A", "é" }
local function pattern()
  local t = {}
  for i = 1, R(0, 6) do t[#t + 1] = atoms[R(#atoms)] .. quants[R(#quants)] end
  return table.concat(t)
end
local function subject()
  local t = {}
  for i = 1, R(0, 12) do t[#t + 1] = alphabet[R(#alphabet)] end
  return table.concat(t)
end
local function pack(...) return { n = select("#", ...), ... } end
local function same(a, b)
  if a.n ~= b.n then return false end
  for i = 1, a.n do
    local x, y = a[i], b[i]
    if type(x) == "string" and type(y) == "string" then
      x = x:gsub("^[^:]*:%d+: ", ""); y = y:gsub("^[^:]*:%d+: ", "")
    end
    if x ~= y and not (type(x) == "function" and type(y) == "function") then return false end
  end
  return true
end
local function show(r) local t = {} for i = 1, r.n do t[i] = string.format("%q", tostring(r[i])) end return table.concat(t, ", ") end
local repls = { "%0", "%1", "x%2y", "%%", "%", "", "<%1>", { a = "A", b = false }, function(...) return select("#", ...) > 1 and (...) or nil end }
local bad = 0
for i = 1, 200000 do
  local s, p = subject(), pattern()
  local init = R(1, 4) == 1 and R(-5, 15) or nil
  local which = R(4)
  local mine, theirs
  if which == 1 then
    local plain = R(6) == 1 or nil
    mine = pack(pcall(string.find, s, p, init, plain)); theirs = pack(pcall(string.lfind, s, p, init, plain))
  elseif which == 2 then
    mine = pack(pcall(string.match, s, p, init)); theirs = pack(pcall(string.lmatch, s, p, init))
  elseif which == 3 then
    local function all(g) local ok, it = pcall(g, s, p, init); if not ok then return { n = 2, false, it } end
      local out = { n = 0 }
      for _ = 1, 50 do local r = pack(pcall(it)); if not r[1] then out[#out+1] = r[2]; break end; if r[2] == nil then break end
        for j = 2, r.n do out[#out + 1] = r[j] end end
      out.n = #out; return out end
    mine = all(string.gmatch); theirs = all(string.lgmatch)
  else
    local r = repls[R(#repls)]
    local n = R(3) == 1 and R(0, 3) or nil
    mine = pack(pcall(string.gsub, s, p, r, n)); theirs = pack(pcall(string.lgsub, s, p, r, n))
  end
  if not same(mine, theirs) then
    bad = bad + 1
    if bad <= 20 then print(string.format("DIFF %d: %q %q init=%s: mine {%s} lua {%s}", which, s, p, tostring(init), show(mine), show(theirs))) end
  end
end
print("seed " .. seed .. ": " .. bad .. " differences in 200000 calls")
