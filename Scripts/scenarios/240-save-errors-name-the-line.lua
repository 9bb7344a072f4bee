-- A failing save names, after Core Data's text, the object and the script line that made it invalid:
-- the insertion that left it invalid and the last write that left the key failing validation.
local model = ripple.model {
  Contact = { name = { "string", maxLength = 5 }, age = { "integer?", max = 150 }, company = { toOne = "Company", inverse = "employees", optional = true } },
  Company = { title = { "string" }, employees = { toMany = "Contact", inverse = "company" } },
  Badge = { code = { "string" }, holder = { toOne = "Contact", optional = false } },
}
local ctx = ripple.container(model).viewContext

-- The error without the location of the save call, and with this file's directory left out (the runner may
-- name the file by a longer path).
local function saveError()
  local ok, err = pcall(ctx.save, ctx)
  expect(ok):toBe(false)
  return (tostring(err):gsub("^[^ ]*:%d+: ", ""):gsub("[^%s%(]*(240%-save)", "%1"))
end

scenario("a required value missing since the insert names the insert line", function()
  local c = ctx:insert("Contact", {})
  expect(saveError()):toBe(
    'Error Domain=NSCocoaErrorDomain Code=1570 "name is a required value." UserInfo={NSValidationErrorObject=Contact#1, NSValidationErrorKey=name, NSValidationErrorValue=nil} (Contact#1: inserted at 240-save-errors-name-the-line.lua:19)')
  expect(ctx.insertedObjects):toEqual({ c })
  ctx:rollback()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a nil written to a required attribute names the write", function()
  local c = ctx:insert("Contact", { name = "Ann" })
  ctx:save()
  c.name = nil
  expect(saveError()):toBe(
    'Error Domain=NSCocoaErrorDomain Code=1570 "name is a required value." UserInfo={NSValidationErrorObject=Contact#2, NSValidationErrorKey=name, NSValidationErrorValue=nil} (Contact#2: name set to nil at 240-save-errors-name-the-line.lua:30)')
  expect(c.name):toBe(nil)
  ctx:rollback()
  expect(c.name):toBe("Ann")
end)

scenario("a value breaking a rule names the write that put it there", function()
  local c = ctx:insert("Contact", { name = "Bo" })
  c.name = "Bartholomew"
  c.age = 200
  local err = saveError()
  expect(err):toBe([[Error Domain=NSCocoaErrorDomain Code=1560 "Multiple validation errors occurred." UserInfo={NSDetailedErrors=(
    Error Domain=NSCocoaErrorDomain Code=1610 "age is too large." UserInfo={NSValidationErrorObject=Contact#3, NSValidationErrorKey=age, NSValidationErrorValue=200} (Contact#3: age set to 200 at 240-save-errors-name-the-line.lua:41),
    Error Domain=NSCocoaErrorDomain Code=1660 "name is too long." UserInfo={NSValidationErrorObject=Contact#3, NSValidationErrorKey=name, NSValidationErrorValue="Bartholomew"} (Contact#3: name set to "Bartholomew" at 240-save-errors-name-the-line.lua:40)
)}]])
  c.name = "Bo"
  c.age = 20
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("two objects in one 1560: each names its own lines; a value made valid again is not named", function()
  local company = ctx:insert("Company", {})
  local badge = ctx:insert("Badge", { code = "B-1" })
  local c = ctx:insert("Contact", { name = "Cy", company = company })
  c.name = nil
  c.name = "Cy"
  local err = saveError()
  expect(err):toBe([[Error Domain=NSCocoaErrorDomain Code=1560 "Multiple validation errors occurred." UserInfo={NSDetailedErrors=(
    Error Domain=NSCocoaErrorDomain Code=1570 "holder is a required value." UserInfo={NSValidationErrorObject=Badge#1, NSValidationErrorKey=holder, NSValidationErrorValue=nil} (Badge#1: inserted at 240-save-errors-name-the-line.lua:55),
    Error Domain=NSCocoaErrorDomain Code=1570 "title is a required value." UserInfo={NSValidationErrorObject=Company#1, NSValidationErrorKey=title, NSValidationErrorValue=nil} (Company#1: inserted at 240-save-errors-name-the-line.lua:54)
)}]])
  company.title = "Acme"
  badge.holder = c
  badge.holder = nil
  expect(saveError()):toBe(
    'Error Domain=NSCocoaErrorDomain Code=1570 "holder is a required value." UserInfo={NSValidationErrorObject=Badge#1, NSValidationErrorKey=holder, NSValidationErrorValue=nil} (Badge#1: inserted at 240-save-errors-name-the-line.lua:55; holder set to nil at 240-save-errors-name-the-line.lua:66)')
  badge.holder = c
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a valid insert and valid writes record nothing", function()
  local c = ctx:insert("Contact", { name = "Di", age = 30 })
  c.age = 31
  c.name = "Dee"
  ctx:save()
  c.age = -1
  ctx:save()  -- no minimum: valid
  expect(c.age):toBe(-1)
end)
