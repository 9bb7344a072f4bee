local enabled = ...
local ripple = ripple
local folderOf = ripple._scriptFolder
local suggest = ripple._suggest
ripple._scriptFolder = nil
ripple._suggest = nil
local flags = { sandbox = enabled }
-- An unknown name read from `ripple` is an error at the line that read it, with the nearest known name:
-- `ripple.fetchedResultController(…)` fails there instead of as "attempt to call a nil value". Code
-- that asks whether a name exists reads it with rawget(ripple, name).
local next, type, error, unpack = next, type, error, table.unpack
setmetatable(ripple, {
  __index = function(t, k)
    local v = flags[k]
    if v ~= nil or type(k) ~= "string" then return v end
    local known, n = {}, 0
    for name in next, t do
      if type(name) == "string" and name:sub(1, 1) ~= "_" then n = n + 1; known[n] = name end
    end
    for name in next, flags do n = n + 1; known[n] = name end
    error("ripple." .. k .. " does not exist" .. suggest(k, unpack(known, 1, n)), 2)
  end,
  __newindex = function(t, k, v)
    if flags[k] ~= nil then error("ripple." .. tostring(k) .. " is read-only", 2) end
    rawset(t, k, v)
  end,
  __metatable = "ripple",
})
if not enabled then return end

local rawload, rawloadfile, error, type, string, package = load, loadfile, error, type, string, package
io = nil; debug = nil
package.loaded.io = nil; package.loaded.debug = nil
for _, name in ipairs { "execute", "remove", "rename", "exit", "tmpname", "getenv", "setlocale" } do os[name] = nil end
string.dump = nil
package.loadlib = nil
package.cpath = ""
package.path = ""
_G.dofile = nil
_G.loadfile = nil

_G.load = function(chunk, name, mode, env)
  if mode ~= nil and mode ~= "t" then
    error("bad argument #3 to 'load' (only text chunks are allowed in the sandbox)", 2)
  end
  return rawload(chunk, name, "t", env)
end

local loaded = package.loaded
local preload = package.preload
package.searchers = {}
require = function(name)
  if type(name) ~= "string" then error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2) end
  if loaded[name] ~= nil then return loaded[name] end
  if preload[name] then
    local value = preload[name](name, ":preload:")
    if value == nil then value = true end
    loaded[name] = value
    return value
  end
  if not string.match(name, "^[%w_]+$") and not string.match(name, "^[%w_]+[%w_%.]*[%w_]$") or string.find(name, "..", 1, true) then
    error("module '" .. name .. "' not found: the sandbox only loads Lua files under the script's folder", 2)
  end
  local folder = folderOf()
  if folder == nil then error("module '" .. name .. "' not found: no script folder (sandbox)", 2) end
  local path = folder .. "/" .. string.gsub(name, "%.", "/") .. ".lua"
  local fn, err = rawloadfile(path, "t")
  if not fn then
    error("module '" .. name .. "' not found: " .. tostring(err) .. " (the sandbox only loads Lua files under the script's folder)", 2)
  end
  local value = fn(name, path)
  if value == nil then value = true end
  if loaded[name] == nil then loaded[name] = value end
  return loaded[name]
end
