import LuaBridge
import Testing

/// The Swift objects behind the open classes of these tests: a card and its subclass.
class OpenCard {
    var title = "card"
    /// The open fields' values (strings only, for the test).
    var extra: [String: String] = [:]
}

/// A card with a count of its own.
final class OpenCounterCard: OpenCard {
    var count = 0
}

/// A class declared with ``LuaOpenClassDeclaration`` gets open fields (undeclared keys go to its handlers,
/// method names cannot be replaced), conventions in its annotations, and subclasses that inherit its
/// members with their checks.
@Suite struct LuaOpenClassDeclarationTests {
    static let fields = LuaOpenFields<OpenCard>(
        conventions: [.init("onOpen", "fun(self: Card)", "Called when the card opens."), .init("tag", "string")],
        read: { card, key, state in
            if let value = card.extra[key] { state.push(value) } else { state.pushNil() }
        },
        write: { card, key, state, index in
            guard key != "forbidden" else { throw LuaError(.runtime, "Card.forbidden is refused") }
            card.extra[key] = state.toString(at: index) ?? "?"
        })

    static let card = LuaOpenClassDeclaration(
        LuaClassDeclaration<OpenCard>(
            "Card", "A card.",
            properties: [.property("title", "Its title.", get: { $0.title }, set: { $0.title = $1 })],
            methods: [.method("rename", "Sets the title.", "title") { (card: OpenCard, title: String) in card.title = title }],
            describe: { "Card(\($0.title))" }),
        openFields: fields)

    static let counterCard = LuaOpenClassDeclaration(
        LuaClassDeclaration<OpenCounterCard>(
            "CounterCard", "A card that counts.",
            properties: [
                .property("count", "How many times it was bumped.", get: { $0.count }),
                .property("title", "Its title, upper-cased when read.", get: { $0.title.uppercased() }, set: { $0.title = $1 }),
            ],
            methods: [.method("bump", "Adds one.") { $0.count += 1 }]),
        extending: card,
        openFields: LuaOpenFields<OpenCounterCard>(
            conventions: [.init("onBump", "fun(self: CounterCard)")],
            read: { card, key, state in state.push("sub:" + (card.extra[key] ?? "none")) },
            write: { card, key, state, index in card.extra[key] = "sub:" + (state.toString(at: index) ?? "?") }))

    /// A state with a card in `c` and a counter card in `k`.
    func state(_ card: OpenCard, _ counter: OpenCounterCard) throws -> LuaState {
        let state = try LuaState()
        state.push(object: card, class: Self.card.makeClass())
        state.setGlobal("c")
        state.push(object: counter, class: Self.counterCard.makeClass())
        state.setGlobal("k")
        return state
    }


    @Test func undeclaredKeysGoToTheOpenFields() throws {
        let card = OpenCard(), counter = OpenCounterCard()
        let state = try state(card, counter)
        #expect(try state.eval("c.color = 'red'; c.size = 3; return c.color .. ' ' .. c.size .. ' ' .. tostring(c.none)") == "red 3 nil")
        #expect(card.extra == ["color": "red", "size": "3"])
        #expect(try state.eval("c:rename('x'); return c.title .. ' ' .. tostring(c)") == "x Card(x)")
        #expect(failure(state, "c.forbidden = 1") == "t:1: Card.forbidden is refused")
        #expect(failure(state, "c.rename = print") == "t:1: cannot replace the method 'rename' of Card")
        #expect(failure(state, "c.title = {}") == "t:1: bad value for property 'title' (string expected, got table)")
        #expect(failure(state, "c:rename({})") == "t:1: bad argument #1 to 'rename' (string expected, got table)")
        // Nothing changed by the refusals.
        #expect(card.extra == ["color": "red", "size": "3"] && card.title == "x")
    }

    @Test func aSubclassInheritsMembersWithTheirChecks() throws {
        let card = OpenCard(), counter = OpenCounterCard()
        let state = try state(card, counter)
        // Inherited method, own method, own property replacing the parent's in its slot, own open fields.
        #expect(try state.eval("k:rename('deck'); k:bump(); k:bump(); return k.title .. ' ' .. k.count") == "DECK 2")
        #expect(try state.eval("k.note = 'hi'; return k.note") == "sub:sub:hi")
        #expect(try state.eval("return tostring(k)") == "Card(deck)")  // the parent's __tostring
        #expect(failure(state, "k.count = 3") == "t:1: attempt to set read-only property 'count' of CounterCard")
        #expect(failure(state, "k.bump = 1") == "t:1: cannot replace the method 'bump' of CounterCard")
        #expect(failure(state, "k.rename = 1") == "t:1: cannot replace the method 'rename' of CounterCard")
        // Every method of the subclass, inherited or not, takes only the subclass's objects as receiver.
        #expect(failure(state, "k.rename(c, 'plain')") == "t:1: bad argument #1 to 'rename' (CounterCard expected, got Card)")
        #expect(failure(state, "k:rename({})") == "t:1: bad argument #1 to 'rename' (string expected, got table)")
        #expect(failure(state, "k.bump(c)") == "t:1: bad argument #1 to 'bump' (CounterCard expected, got Card)")
        #expect(counter.count == 2 && counter.extra == ["note": "sub:hi"] && card.title == "card")
        #expect(Self.counterCard.propertyNames == ["title", "count"])
        #expect(Self.counterCard.settablePropertyNames == ["title"])
        #expect(Self.counterCard.methodNames == ["bump", "rename"])
    }

    @Test func setAppliesAPropertyWithTheChecksOfAnAssignment() throws {
        let card = OpenCard(), counter = OpenCounterCard()
        let state = try state(card, counter)
        state.push("new")
        try Self.counterCard.set("title", of: counter, state: state, valueIndex: -1)
        #expect(counter.title == "new")
        #expect(throws: LuaError.self) { try Self.counterCard.set("count", of: counter, state: state, valueIndex: -1) }
        #expect(throws: LuaError.self) { try Self.counterCard.set("nope", of: counter, state: state, valueIndex: -1) }
        #expect(counter.count == 0)
    }

    @Test func annotationsNameTheParentAndTheConventions() {
        #expect(Self.card.annotations == """
            ---A card.
            ---@class Card : userdata
            ---@field title string Its title (read/write).
            ---@field onOpen? fun(self: Card) Called when the card opens.
            ---@field tag? string
            local Card = {}

            ---Sets the title.
            ---@param title string
            function Card:rename(title) end

            """)
        #expect(Self.counterCard.annotations == """
            ---A card that counts.
            ---@class CounterCard : Card
            ---@field count integer How many times it was bumped.
            ---@field title string Its title, upper-cased when read (read/write).
            ---@field onBump? fun(self: CounterCard)
            local CounterCard = {}

            ---Adds one.
            function CounterCard:bump() end

            """)
        #expect(Self.counterCard.memberNames == ["CounterCard.count", "CounterCard.title", "CounterCard:bump"])
    }
}
