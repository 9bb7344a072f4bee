-- A sub-entity inherits its parent entity's managed-object class: methods, computed properties and
-- lifecycle callbacks, overridden where the sub-entity's class defines its own.
local model = ripple.model {
  Person = { isAbstract = true, name = "string" },
  Employee = { parentEntity = "Person", salary = { "double", default = 0 } },
  Manager = { parentEntity = "Employee", reports = "integer?" },
}
local calls = {}
model:class("Person", {
  awakeFromInsert = function(self) calls[#calls + 1] = "Person.awakeFromInsert " .. self.entityName end,
  greeting = function(self) return "Hello, " .. self.name end,
  properties = { initial = function(self) return self.name:sub(1, 1) end },
})
model:class("Manager", {
  greeting = function(self) return "Good morning, " .. self.name end,
})
local ctx = ripple.container(model).viewContext

scenario("sub-entities inherit and override their parent's class", function()
  local e = ctx:insert("Employee", { name = "Eve" })
  local m = ctx:insert("Manager", { name = "Max" })
  expect(calls):toEqual({ "Person.awakeFromInsert Employee", "Person.awakeFromInsert Manager" })
  expect(e:greeting()):toBe("Hello, Eve")
  expect(m:greeting()):toBe("Good morning, Max")
  expect(m.initial):toBe("M")
  expect(#ctx:fetch { entity = "Person" }):toBe(2)
end)
