-- A property named like a member every managed object has in Lua (isDeleted, objectID, changedValues, …)
-- was silently hidden: with an attribute `isDeleted`, `o.isDeleted` read the built-in flag and the attribute
-- could not be reached; with one named `changedValues`, `o.changedValues` read the attribute and the method
-- was gone. `ripple.model` and `ripple.loadModel` now refuse such a model, in the words `model:class` uses
-- for a name that would hide a member; no model is made, and a model with other names works as before.
local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^.-%.lua:(%d+): ", "line %1: "))
end

scenario("an attribute named like a managed object's property is refused", function()
  expect(raised(function() ripple.model { Item = { isDeleted = "string" } } end))
    :toBe("line 13: entity Item: the property 'isDeleted' would hide the built-in member isDeleted of managed objects; choose another name")
end)

scenario("an attribute named like a managed object's method is refused", function()
  expect(raised(function() ripple.model { Item = { title = "string", changedValues = { "integer", optional = true } } } end))
    :toBe("line 18: entity Item: the property 'changedValues' would hide the built-in member changedValues of managed objects; choose another name")
end)

scenario("a relationship is refused the same way, once, on the entity that declares it", function()
  expect(raised(function()
    ripple.model {
      Box = { objectID = { toOne = "Thing", inverse = "box" } },
      Thing = { box = { toOne = "Box", inverse = "objectID" } },
      ASub = { parentEntity = "Box" },
    }
  end)):toBe("line 24: entity Box: the property 'objectID' would hide the built-in member objectID of managed objects; choose another name")
end)

scenario("a loaded model is refused the same way", function()
  expect(raised(function() ripple.loadModel("Tests/Fixtures/Models/MemberNames.xcdatamodel") end))
    :toBe("line 33: entity Note: the property 'entityName' would hide the built-in member entityName of managed objects; choose another name")
end)

scenario("after a refusal, a model with other names works and its objects keep every member", function()
  local model = ripple.model { Item = { deleted = "boolean?", changes = "integer?" } }
  local ctx = ripple.container(model).viewContext
  local item = ctx:insert("Item", { deleted = true, changes = 2 })
  expect(item.deleted):toBe(true)
  expect(item.isDeleted):toBe(false)
  expect(item:changedValues().changes):toBe(2)
  ctx:save()
  ctx:delete(item)
  expect(item.isDeleted):toBe(true)
  expect(item.deleted):toBe(true)
end)
