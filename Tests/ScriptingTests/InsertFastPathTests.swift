import Testing
@testable import Scripting

/// `ctx:insert`'s record fast path (C reads the values table, the new object's userdata is made without an
/// identity-cache lookup) against the general path (`recordInserter.isEnabled = false`): the same objects, values,
/// errors, trace and saved rows for the same script.
@Suite struct InsertFastPathTests {
    /// Inserts many kinds of records, valid and not, and writes what happened into the global `RESULT`.
    static let script = #"""
        local model = ripple.model {
          Item = { id = "integer", name = "string", score = "double", flag = "boolean?", age = "integer?",
                   rank = { "integer", default = 7 }, note = { "string", default = "none", optional = true },
                   owner = { toOne = "Owner", inverse = "items", optional = true } },
          Owner = { name = "string", items = { toMany = "Item", inverse = "owner" } },
          Tagged = { name = "string", initial = { derived = function(t) return t.name:sub(1, 1) end, dependsOn = { "name" } } },
          Empty = {},
        }
        local ctx = ripple.container(model).viewContext
        local out = {}
        local function show(v)
          if math.type(v) then return math.type(v) .. ":" .. tostring(v) end
          if type(v) == "userdata" then return tostring(v) end
          return type(v) .. ":" .. tostring(v)
        end
        local function describe(o)
          local parts = {}
          for _, k in ipairs { "id", "name", "score", "flag", "age", "rank", "note", "owner" } do
            parts[#parts + 1] = k .. "=" .. show(o[k])
          end
          return table.concat(parts, " ")
        end
        local owner = ctx:insert("Owner", { name = "O" })
        local cases = {
          { "Item", { id = 1, name = "x", score = 2, flag = true, age = 3 } },
          { "Item", { id = 2.0, name = "y", score = 1.5, rank = 3, note = "n" } },
          { "Item", { id = 3, name = "\xff\xfeok", score = -0.0, flag = false } },
          { "Item", {} },
          { "Item", { id = 4, name = "", score = 1 / 0, age = math.maxinteger } },
          { "Item", { id = 1.5, name = "x", score = 1.0 } },
          { "Item", { name = 5, id = "one", score = 1.0 } },
          { "Item", { id = 5, name = true, score = "s" } },
          { "Item", { id = 6, name = "z", score = 1.0, nickname = "n" } },
          { "Item", { id = 7, name = "z", score = 1.0, owner = owner } },
          { "Item", { id = 8, name = "z", score = 1.0, [1] = 2 } },
          { "Item", { id = 9, name = "z", score = { } } },
          { "Item", { id = "10", name = "z", score = "2.5" } },
          { "Nope", { id = 1 } },
          { "Tagged", { name = "Ann", initial = "B" } },
          { "Tagged", { name = "Bob" } },
          { "Empty", {} },
          { "Empty", { x = 1 } },
        }
        for i, case in ipairs(cases) do
          local ok, result = pcall(ctx.insert, ctx, case[1], case[2])
          if ok then
            out[#out + 1] = i .. " ok " .. tostring(result) .. (case[1] == "Item" and (" " .. describe(result)) or "")
              .. " inserted=" .. tostring(result.isInserted) .. " same=" .. tostring(ctx.insertedObjects[#ctx.insertedObjects] ~= nil)
          else
            out[#out + 1] = i .. " error " .. result
          end
        end
        local ok, message = pcall(ctx.insert, 5, "Item", {})
        out[#out + 1] = "bad self " .. tostring(ok) .. " " .. message
        ok, message = pcall(function() return ctx:insert("Item", { id = "x" }) end)
        out[#out + 1] = "where " .. message
        -- identity: the userdata returned is the one every later push finds
        local a = ctx:insert("Item", { id = 11, name = "id", score = 1 })
        local found = false
        for _, o in ipairs(ctx.insertedObjects) do if o == a then found = true end end
        out[#out + 1] = "identity " .. tostring(found)
        out[#out + 1] = "count " .. #ctx.insertedObjects
        local saved, why = pcall(ctx.save, ctx)
        out[#out + 1] = "first save " .. tostring(saved) .. " " .. tostring(why)
        for _, o in ipairs(ctx.insertedObjects) do
          if o.entityName == "Item" and o.id == nil then ctx:delete(o) end
        end
        ctx:save()
        for _, o in ipairs(ctx:fetch { entity = "Item", sortDescriptors = { "id" } }) do
          out[#out + 1] = "saved " .. describe(o) .. " " .. tostring(o.objectID.isTemporaryID)
        end
        RESULT = table.concat(out, "\n")
        """#

    /// Runs the script with the fast path on or off; returns `RESULT` and the trace.
    static func run(fast: Bool) throws -> (result: String, trace: [String], tookFastPath: Bool) {
        let engine = try ScriptEngine()
        engine.recordInserter.isEnabled = fast
        try engine.run(script, chunkName: "=insert")
        engine.state.getGlobal("RESULT")
        let result = engine.state.toString(at: -1) ?? "<none>"
        engine.state.pop()
        return (result, engine.log.lines, engine.recordInserter.last != nil)
    }

    @Test("the record fast path and the general path give the same objects, errors, trace and rows")
    func sameAsGeneralPath() throws {
        let fast = try Self.run(fast: true)
        let general = try Self.run(fast: false)
        #expect(fast.tookFastPath)
        #expect(!general.tookFastPath)
        #expect(fast.result == general.result)
        #expect(fast.trace == general.trace)
        // The cases really reached each outcome.
        #expect(fast.result.contains(#"1 ok Item"#))
        #expect(fast.result.contains("id=integer:1 name=string:x score=float:2.0 flag=boolean:true age=integer:3 rank=integer:7"))
        #expect(fast.result.contains(#"6 error insert:45: Unacceptable type of value for attribute: property = "id"; desired type = NSNumber; given type = __NSCFNumber; value = 1.5."#))
        #expect(fast.result.contains(#"property = "id"; desired type = NSNumber; given type = __NSCFString; value = "one"."#))
        #expect(fast.result.contains(#"not key value coding-compliant for the key "nickname"."#))
        #expect(fast.result.contains("bad self false"))
        #expect(fast.result.contains("where insert:"))
        #expect(fast.result.contains("identity true"))
        #expect(fast.result.contains("saved id=integer:11"))
    }
}
