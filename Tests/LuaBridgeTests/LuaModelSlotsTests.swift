import LuaBridge
import Testing

/// A record whose keys come from a "model": the Swift object behind the classes of these tests.
final class SlottedRecord {
    var values: [Double]
    var version = 1
    init(_ values: [Double]) { self.values = values }
}

/// A class made by ``LuaClassDeclaration/makeClass(modelSlots:)``: the model's keys in slots of their own,
/// then the declared members with their checks, in one class named by the model.
@Suite struct LuaModelSlotsTests {
    static let declaration = LuaClassDeclaration<SlottedRecord>(
        "Record", "A record with its model's keys.",
        properties: [
            .property("version", "Its version.", get: { $0.version }),
            .property("keyCount", "How many keys it has.", get: { $0.values.count }),
        ],
        methods: [
            .method("bump", "Adds `n` to the version; returns it.", "n") { (r: SlottedRecord, n: Int) -> Int in
                r.version += n
                return r.version
            },
        ],
        describe: { "Record(\($0.values.count))" })

    /// The model's slots of a "Point" model with keys `x` and `y`; every read and write is counted.
    final class Model {
        var reads = 0
        var writes = 0
        lazy var slots = LuaModelSlots<SlottedRecord>(
            className: "Point", names: ["x", "y"],
            get: { [unowned self] target, slot, state in
                reads += 1
                state.push((target as! SlottedRecord).values[slot])
            },
            set: { [unowned self] target, slot, state, index in
                writes += 1
                guard let value = state.toNumber(at: index) else { throw LuaError(.runtime, "a number, please") }
                (target as! SlottedRecord).values[slot] = value
            },
            index: { _, key, _ in throw LuaError(.runtime, "Point has no key '\(key)'") })
    }

    func state(_ record: SlottedRecord, _ model: Model) throws -> LuaState {
        let state = try LuaState()
        state.push(object: record, class: Self.declaration.makeClass(modelSlots: model.slots))
        state.setGlobal("p")
        return state
    }


    @Test func modelSlotsGoToTheModelAndFixedMembersToTheDeclaration() throws {
        let model = Model()
        let record = SlottedRecord([1, 2])
        let state = try state(record, model)
        #expect(try state.eval("return p.x + p.y") == "3.0")
        #expect(model.reads == 2)
        #expect(try state.eval("p.y = 5; return p.y") == "5.0")
        #expect(model.writes == 1)
        #expect(try state.eval("return p.version .. ' ' .. p.keyCount") == "1 2")
        #expect(try state.eval("return p:bump(2)") == "3")
        #expect(try state.eval("return tostring(p)") == "Record(2)")
        #expect(model.reads == 3)  // the declared members never reach the model's getter
    }

    @Test func declaredChecksNameTheModelsClass() throws {
        let model = Model()
        let record = SlottedRecord([1, 2])
        let state = try state(record, model)
        #expect(failure(state, "p:bump('x')") == "t:1: bad argument #1 to 'bump' (number expected, got string)")
        #expect(failure(state, "p.bump(5)") == "t:1: bad argument #1 to 'bump' (Point expected, got number)")
        #expect(failure(state, "p.version = 3") == "t:1: attempt to set read-only property 'version' of Point")
        #expect(failure(state, "p.x = 'a'") == "t:1: a number, please")
        #expect(failure(state, "return p.verison") == "t:1: Point has no key 'verison' (did you mean 'version'?)")
        #expect(failure(state, "return p.zzzzzz") == "t:1: Point has no key 'zzzzzz'")
        #expect(record.values == [1, 2] && record.version == 1)
    }
}
