-- model:class: methods, computed properties, willSave changes, validation methods and their codes.

local model = ripple.model {
  Person = { first = "string", last = "string", age = { "integer", min = 0 }, modified = { "integer", default = 0 },
             initials = "string?", pets = { toMany = "Pet", inverse = "owner", deleteRule = "deny" } },
  Pet = { name = "string", owner = { toOne = "Person", inverse = "pets", optional = true } },
}

model:class("Person", {
  fullName = function(self) return self.first .. " " .. self.last end,
  greet = function(self, other) return "Hi " .. other .. ", I am " .. self:fullName() end,
  properties = {
    displayName = function(self) return self.last:upper() .. ", " .. self.first end,
  },
  awakeFromInsert = function(self) self.modified = 1 end,
  willSave = function(self)
    -- a change made in willSave is saved too; compare first, or willSave runs again and again
    local initials = self.first:sub(1, 1) .. self.last:sub(1, 1)
    if not self.isDeleted and self.initials ~= initials then self.initials = initials end
  end,
  validateFirst = function(self, value)
    if value == "" then return false, "first must not be empty" end
    return true
  end,
  validateAge = function(self, value)
    if value > 150 then return false, "age is not believable", 2001 end
    return true
  end,
  validateForUpdate = function(self)
    if self.first == self.last then return false, "first and last must differ" end
    return true
  end,
})

local ctx = ripple.container(model).viewContext

scenario("methods and computed properties", function()
  local p = ctx:insert("Person", { first = "Ann", last = "Lee", age = 30 })
  expect(p:fullName()):toBe("Ann Lee")
  expect(p:greet("Bob")):toBe("Hi Bob, I am Ann Lee")
  expect(p.displayName):toBe("LEE, Ann")
  expect(p.modified):toBe(1)                         -- set by awakeFromInsert
  expect(function() p.displayName = "x" end):toRaise("displayName is a read-only computed property of class Person")
  expect(function() return p.nickname end):toRaise('not key value coding-compliant for the key "nickname"')
  ctx:rollback()
end)

scenario("awakeFromInsert runs before the inserted values are applied", function()
  local p = ctx:insert("Person", { first = "Cy", last = "Young", age = 1, modified = 7 })
  expect(p.modified):toBe(7)
  ctx:rollback()
end)

scenario("a willSave change is saved too", function()
  local p = ctx:insert("Person", { first = "Dee", last = "Moss", age = 40 })
  ctx:save()
  expect(p.initials):toBe("DM")
  expect(p.hasChanges):toBe(false)
  expect(p:committedValues({ "initials" })):toEqual({ initials = "DM" })
  p.last = "North"
  ctx:save()
  expect(p.initials):toBe("DN")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("validate<Key> and validateFor… errors are joined into 1560 with the model's own", function()
  local p = ctx:insert("Person", { first = "", last = "Poe", age = 200 })
  local q = ctx:insert("Person", { first = "Al", last = "Ray", age = -1 })
  local ok, err = pcall(function() ctx:save() end)
  expect(ok):toBe(false)
  expect(err):toContain('Code=1560 "Multiple validation errors occurred."')
  expect(err):toContain('Code=1550 "first must not be empty" UserInfo={NSValidationErrorObject=Person#')
  expect(err):toContain('Code=2001 "age is not believable" UserInfo={NSValidationErrorObject=Person#')
  -- the model's check of age fails first; validateAge is not asked about that key then
  expect(err):toContain('Code=1620 "age is too small."')
  expect(ctx.hasChanges):toBe(true)
  expect(#ctx.insertedObjects):toBe(2)
  ctx:rollback()
end)

scenario("validateForUpdate runs for updated objects only", function()
  local p = ctx:insert("Person", { first = "Jo", last = "Jo", age = 3 })
  ctx:save()                                          -- an insertion: validateForUpdate is not asked
  p.age = 4
  expect(function() ctx:save() end):toRaise('Code=1550 "first and last must differ" UserInfo={NSValidationErrorObject=Person#')
  p.last = "Jay"
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a single class validation error is not wrapped", function()
  local p = ctx:insert("Person", { first = "", last = "Kay", age = 3 })
  local ok, err = pcall(function() ctx:save() end)
  expect(err):toContain('Code=1550 "first must not be empty" UserInfo={NSValidationErrorObject=Person#')
  expect(err).never:toContain("1560")
  ctx:rollback()
end)

scenario("validateForDelete with the deny rule", function()
  local m = ripple.model {
    Folder = { name = "string", notes = { toMany = "Note", inverse = "folder", deleteRule = "deny" } },
    Note = { title = "string", folder = { toOne = "Folder", inverse = "notes", optional = true } },
  }
  m:class("Folder", { validateForDelete = function(self)
    if self.name == "Inbox" then return false, "the inbox cannot be deleted", 3001 end
    return true
  end })
  local c = ripple.container(m).viewContext
  local inbox = c:insert("Folder", { name = "Inbox" })
  c:insert("Note", { title = "n", folder = inbox })
  c:save()
  c:delete(inbox)
  local ok, err = pcall(function() c:save() end)
  expect(err):toContain("Code=1560")
  expect(err):toContain('Code=1600 "notes is not valid."')
  expect(err):toContain('Code=3001 "the inbox cannot be deleted" UserInfo={NSValidationErrorObject=Folder#1}')
  c:rollback()
  expect(inbox.isDeleted):toBe(false)
end)
