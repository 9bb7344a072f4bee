import Testing
@testable import Scripting

/// `ripple.batchInsertRequest`'s objects read by C as records and inserted from flat fields (the fast path)
/// against the general path (`batchInsertReadsRecords = false`: every object read into a dictionary, inserted by
/// `.insert(objects:)`): the same results, errors, store rows and trace for the same script.
@Suite struct BatchInsertFastPathTests {
    /// Runs many batch insert requests, valid and not, and writes what happened into the global `RESULT`.
    static let script = #"""
        WIDE = {}
        for i = 1, 300 do WIDE["k" .. i] = "integer?" end
        local model = ripple.model {
          Item = { id = "integer", name = "string", score = "double", flag = "boolean?", age = "integer?",
                   rank = { "integer", default = 7 }, note = { "string", default = "none", optional = true },
                   temp = { "string", transient = true, optional = true }, blob = "binary?",
                   owner = { toOne = "Owner", inverse = "items", optional = true } },
          Owner = { name = "string", items = { toMany = "Item", inverse = "owner" } },
          Empty = {},
          Wide = WIDE,
        }
        local container = ripple.container(model)
        local ctx = container.viewContext
        local out = {}
        local long = string.rep("k", 50)
        local owner = ctx:insert("Owner", { name = "O" })
        ctx:save()
        local cases = {
          { "Item", { { id = 1, name = "x", score = 2, flag = true, age = 3 }, { id = 2.0, name = "y", score = 1.5, rank = 3, note = "n" } } },
          { "Item", { { score = 0.5, name = "ok", blob = "\xff\xfeok", id = 3 }, { id = 4, name = "", score = 1 / 0, age = math.maxinteger, blob = "\xff\xfe" .. string.rep("z", 20) } } },
          { "Item", { { id = 5, name = "a", score = 1 }, { id = 6, name = "b", score = 2, flag = false }, { id = 7, name = "c", score = 3, note = "late key" } } },
          { "Item", { { id = "10", name = "z", score = "2.5" } } },
          { "Item", { { id = 1.5, name = "x", score = 1.0 } } },
          { "Item", { { id = 8, name = "ok", score = 1 }, { name = 5, id = "one", score = 1.0 } } },
          { "Item", { { id = 9, name = "ok", score = 1 }, { id = 9, name = "z", score = 1.0, nickname = "n" } } },
          { "Item", { { id = 10, name = "ok", score = 1 }, { id = 11, name = "z", score = 1.0, [long] = 1 } } },
          { "Item", { { id = 12, name = "z", score = 1.0, owner = owner } } },
          { "Item", { { id = 13, name = "z", score = 1.0, temp = "t" } } },
          { "Item", { { id = 14, name = "z", score = 1.0, [1] = 2 } } },
          { "Item", { { id = 15, name = "z", score = {} } } },
          { "Item", { { id = 16, name = "z", score = 1 }, { id = 17, name = "no score" }, { id = "bad", name = "q", score = 1 } } },
          { "Item", { { id = 18, name = "z", score = 1 }, 5 } },
          { "Item", { { id = 19, name = "z", score = 1, flag = "yes" } } },
          { "Item", {} },
          { "Nope", { { id = 1 } } },
          { "Empty", { {}, {} } },
          { "Empty", { { x = 1 } } },
          { "Item", { { id = 30, name = "ok", score = 1 }, { id = 31, name = "\xff\xfeok", score = 1 } } },
          { "Item", { { id = 32, name = "\xff\xfe" .. string.rep("z", 20), score = 1 } } },
        }
        for i, case in ipairs(cases) do
          local ok, result = pcall(function()
            return ctx:execute(ripple.batchInsertRequest { entity = case[1], objects = case[2], resultType = "objectIDs" }).result
          end)
          if ok then
            local ids = {}
            for j, id in ipairs(result) do ids[j] = tostring(id) end
            out[#out + 1] = i .. " ok " .. table.concat(ids, ",")
          else
            out[#out + 1] = i .. " error " .. tostring(result)
          end
        end
        local n = ctx:execute(ripple.batchInsertRequest { entity = "Item", resultType = "count",
          objects = { { id = 20, name = "c", score = 1 }, { id = 21, name = "d", score = 2 } } }).result
        out[#out + 1] = "count " .. n
        -- Requests longer than one run of C's reader (256 objects, 2048 fields), with objects it leaves to
        -- the general path inside and at the edges of runs, and keys known from the requests above.
        local function big(n, odd)
          local objects = {}
          for i = 1, n do objects[i] = { id = 1000 + i, name = "b" .. i, score = i + 0.5, flag = i % 2 == 0 } end
          for i, o in pairs(odd) do objects[i] = o end
          return objects
        end
        local more = {
          big(700, {}),
          big(600, { [256] = { id = 1, name = "late", score = 1, note = "new key" }, [257] = { id = 2, name = "t", score = 1, age = 7.0 },
                     [410] = { id = 3, name = long, score = 2, rank = 2.0 }, [600] = { id = 4, name = "last", score = 0 } }),
          big(650, { [640] = { id = 4, name = "no score" } }),
          big(300, { [299] = { id = 5, name = "z", score = {} } }),
          big(300, { [257] = { id = 6, name = "z", score = 1, [long] = 1 } }),
          big(520, { [513] = { id = 7, name = "z", score = 1, flag = 1 } }),
        }
        for i, objects in ipairs(more) do
          local ok, result = pcall(function()
            return ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = objects, resultType = "count" }).result
          end)
          out[#out + 1] = "more " .. i .. " " .. tostring(ok) .. " " .. tostring(result)
        end
        -- 300 keys met in one request: the next request starts its keys again.
        local wides = {}
        for i = 1, 300 do wides[i] = { ["k" .. i] = i } end
        out[#out + 1] = "wide " .. ctx:execute(ripple.batchInsertRequest { entity = "Wide", objects = wides, resultType = "count" }).result
        out[#out + 1] = "wide again " .. ctx:execute(ripple.batchInsertRequest { entity = "Wide", resultType = "count",
          objects = { { k1 = 1, k300 = 300 }, { k2 = 2.0 } } }).result
        local ok, message = pcall(function()
          return ctx:execute(ripple.batchInsertRequest { entity = "Wide", objects = { { k1 = 1 }, { k7 = "x" } } })
        end)
        out[#out + 1] = "wide bad " .. tostring(ok) .. " " .. tostring(message)
        out[#out + 1] = "registered " .. #ctx.registeredObjects .. " inserted " .. #ctx.insertedObjects
        local reader = container:newBackgroundContext()
        local function show(v)
          if math.type(v) then return math.type(v) .. ":" .. tostring(v) end
          return type(v) .. ":" .. tostring(v)
        end
        reader:performAndWait(function()
          for _, o in ipairs(reader:fetch { entity = "Item", sortDescriptors = { "id" } }) do
            local parts = { tostring(o.objectID) }
            for _, k in ipairs { "id", "name", "score", "flag", "age", "rank", "note", "temp", "owner", "blob" } do
              parts[#parts + 1] = k .. "=" .. (k == "blob" and o.blob and o.blob:gsub(".", function(c) return string.format("%02x", c:byte()) end) or show(o[k]))
            end
            out[#out + 1] = table.concat(parts, " ")
          end
          out[#out + 1] = "empties " .. reader:count { entity = "Empty" }
          for _, o in ipairs(reader:fetch { entity = "Wide" }) do
            local parts = { tostring(o.objectID) }
            for i = 1, 300 do if o["k" .. i] ~= nil then parts[#parts + 1] = "k" .. i .. "=" .. show(o["k" .. i]) end end
            out[#out + 1] = table.concat(parts, " ")
          end
        end)
        RESULT = table.concat(out, "\n")
        """#

    /// Runs the script with the fast path on or off (and the shared reader free or in use); returns `RESULT` and the trace.
    static func run(fast: Bool, readerInUse: Bool = false) throws -> (result: String, trace: [String]) {
        let engine = try ScriptEngine()
        if !fast { engine.batchInsertReadsRecords = false }
        // As if every request were made from a finalizer while another request reads its objects.
        engine.batchRecordReaderInUse = readerInUse
        try engine.run(script, chunkName: "=batch")
        engine.state.getGlobal("RESULT")
        let result = engine.state.toString(at: -1) ?? "<none>"
        engine.state.pop()
        return (result, engine.log.lines)
    }

    @Test("the batch insert fast path and the general path give the same results, errors, rows and trace")
    func sameAsGeneralPath() throws {
        let fast = try Self.run(fast: true)
        let general = try Self.run(fast: false)
        #expect(fast.result == general.result)
        #expect(fast.trace == general.trace)
        // The cases really reached each outcome.
        #expect(fast.result.contains("3 ok x-coredata://52495050-4C45-4000-8000-000000000001/Item/p5,x-coredata://52495050-4C45-4000-8000-000000000001/Item/p6,x-coredata://52495050-4C45-4000-8000-000000000001/Item/p7"))
        #expect(fast.result.contains(#"7 error batch:43: [<Item> valueForUndefinedKey:]: the entity Item is not key value coding-compliant for the key "nickname"."#))
        #expect(fast.result.contains(#"13 error batch:43: Error Domain=NSCocoaErrorDomain Code=1570 "score is a required value." UserInfo={NSValidationErrorKey=score, NSValidationErrorValue=nil} (batch insert into Item, object 2)"#))
        #expect(fast.result.contains(#"15 error batch:43: Unacceptable type of value for attribute: property = "flag"; desired type = boolean; given value = "yes""#))
        #expect(fast.result.contains("registered 1 inserted 0"))
        // Bytes that are not UTF-8 are binary data: kept exactly in a binary attribute, refused by a string one.
        #expect(fast.result.contains("Item/p3 id=integer:3 name=string:ok score=float:0.5 flag=nil:nil age=nil:nil rank=integer:7 note=string:none temp=nil:nil owner=nil:nil blob=fffe6f6b"))
        #expect(fast.result.contains("blob=fffe7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a"))
        #expect(fast.result.contains(#"20 error batch:43: Unacceptable type of value for attribute: property = "name"; desired type = string; given value = <4 bytes> A string attribute takes UTF-8 text; these bytes are not UTF-8 (store them in a binary attribute)."#))
        #expect(fast.result.contains(#"21 error batch:43: Unacceptable type of value for attribute: property = "name"; desired type = string; given value = <22 bytes>"#))
        #expect(fast.result.contains("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p7 id=integer:7 name=string:c score=float:3.0 flag=nil:nil age=nil:nil rank=integer:7 note=string:late key"))
        #expect(fast.result.contains("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p9 id=integer:21"))
        // Every failed batch wrote nothing: 9 rows from the cases, then 700 and 600 from `more 1` and `more 2`.
        #expect(fast.result.contains("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p10 id=integer:1001 "))
        #expect(fast.result.contains("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p1309 id=integer:4 name=string:last "))
        #expect(!fast.result.contains("Item/p1310"))
        #expect(fast.result.contains("more 1 true 700"))
        #expect(fast.result.contains("more 2 true 600"))
        #expect(fast.result.contains(#"more 3 false batch:75: Error Domain=NSCocoaErrorDomain Code=1570 "score is a required value." UserInfo={NSValidationErrorKey=score, NSValidationErrorValue=nil} (batch insert into Item, object 640)"#))
        #expect(fast.result.contains(#"more 4 false batch:75: Unacceptable type of value for attribute: property = "score"; desired type = double; given value = {}"#))
        #expect(fast.result.contains(#"more 5 false batch:75: [<Item> valueForUndefinedKey:]: the entity Item is not key value coding-compliant for the key "\#(String(repeating: "k", count: 50))"."#))
        #expect(fast.result.contains(#"more 6 false batch:75: Unacceptable type of value for attribute: property = "flag"; desired type = boolean; given value = 1"#))
        #expect(fast.result.contains("wide 300\nwide again 2\nwide bad false"))
        #expect(fast.result.contains("Wide/p301 k1=integer:1 k300=integer:300"))
        #expect(fast.result.contains("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p965 id=integer:1 name=string:late score=float:1.0"))
    }
}

/// A batch insert request made while another reads its objects (from a `__gc` finalizer) reads with a reader
/// of its own: the shared reader's key numbering cannot change under the outer request.
@Suite struct BatchInsertReentrancyTests {
    @Test("requests made while the shared reader is in use read with their own reader, with the same outcome")
    func ownReaderWhileInUse() throws {
        let own = try BatchInsertFastPathTests.run(fast: true, readerInUse: true)
        let general = try BatchInsertFastPathTests.run(fast: false)
        #expect(own.result == general.result)
        #expect(own.trace == general.trace)
    }

    @Test("a finalizer's batch insert request leaves the shared reader free and the other requests' rows exact")
    func finalizerRequest() throws {
        let engine = try ScriptEngine()
        try engine.run(#"""
            local model = ripple.model { Item = { id = "integer", name = "string?" }, Other = { a = "integer?" } }
            local ctx = ripple.container(model).viewContext
            local out = {}
            setmetatable({}, { __gc = function()
              local ok, err = pcall(function()
                return ctx:execute(ripple.batchInsertRequest { entity = "Other", objects = { { a = 1 }, { zz = 2 } } })
              end)
              out[#out + 1] = "finalizer " .. tostring(ok) .. " " .. tostring(err)
            end })
            collectgarbage()
            local objects = {}
            for i = 1, 300 do objects[i] = { id = i, name = "n" .. i } end
            out[#out + 1] = "count " .. ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = objects, resultType = "count" }).result
            local last = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }
            out[#out + 1] = "last " .. last[#last].id .. " " .. last[#last].name .. " others " .. ctx:count { entity = "Other" }
            RESULT = table.concat(out, "\n")
            """#, chunkName: "=gc")
        engine.state.getGlobal("RESULT")
        let result = engine.state.toString(at: -1)
        engine.state.pop()
        #expect(result == """
            finalizer false gc:6: [<Other> valueForUndefinedKey:]: the entity Other is not key value coding-compliant for the key "zz".
            count 300
            last 300 n300 others 0
            """)
        #expect(!engine.batchRecordReaderInUse)
    }
}
