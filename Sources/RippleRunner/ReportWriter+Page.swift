extension ReportWriter {
    /// The page's style: a timeline on the left, the selected step on the right, screens drawn as phones.
    /// Every mark has a text label; colours only repeat it.
    static let css = #"""
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #111; background: #f4f4f6; }
header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ccc; }
h1 { font-size: 18px; margin: 4px 0; }
#summary.bad { color: #a00; font-weight: bold; } #summary.good { color: #060; font-weight: bold; }
.keys { margin: 4px 0; color: #444; } kbd { border: 1px solid #999; border-radius: 3px; padding: 0 3px; background: #eee; }
main { display: flex; align-items: flex-start; }
#timeline { width: 300px; flex: none; max-height: calc(100vh - 110px); overflow: auto; background: #fff; border-right: 1px solid #ccc; position: sticky; top: 0; }
#steps { list-style: none; margin: 0; padding: 0; }
#steps button { display: block; width: 100%; text-align: left; border: 0; border-bottom: 1px solid #eee; background: none; padding: 4px 8px; font: inherit; cursor: pointer; }
#steps button:hover { background: #eef; }
#steps li.selected button { background: #dde6ff; outline: 2px solid #36c; }
#steps li.selected button::before { content: "▶ "; }
#steps .n { color: #666; margin-right: 4px; } #steps .kind { font-weight: bold; margin-right: 4px; }
#steps .count { color: #666; font-size: 12px; margin-left: 4px; }
#steps .scenario-line { display: block; color: #555; font-size: 12px; }
#steps li.failed button { background: #fde; } .flag { color: #a00; font-weight: bold; margin-right: 4px; }
#detail { flex: 1; padding: 8px 16px; min-width: 0; }
h2 { font-size: 16px; margin: 6px 0; } h3 { font-size: 14px; margin: 10px 0 4px; }
.nav-buttons button { margin-right: 6px; }
.error { border: 2px solid #a00; background: #fff0f0; padding: 6px 10px; margin: 8px 0; }
.error pre, .trace { white-space: pre-wrap; word-break: break-word; font: 12px/1.35 ui-monospace, Menlo, Consolas, monospace; }
.trace { background: #fff; border: 1px solid #ddd; padding: 6px 6px 6px 36px; margin: 4px 0; }
.screens, .pair { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.phone { width: 300px; border: 10px solid #222; border-radius: 26px; background: #fff; overflow: hidden; }
.phone-label { background: #222; color: #fff; font-size: 12px; padding: 0 6px 4px; }
.screen { position: relative; min-height: 420px; max-height: 620px; overflow: auto; }
.navbar { display: flex; align-items: center; background: #f7f7f7; border-bottom: 1px solid #ccc; padding: 8px 6px; min-height: 24px; }
.navbar .back { color: #06c; flex: 0 0 auto; max-width: 40%; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.navbar .title { flex: 1; text-align: center; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.stack { font-size: 11px; color: #555; padding: 2px 6px; background: #fafafa; border-bottom: 1px solid #eee; }
.split { display: flex; } .split > .vc { flex: 1; min-width: 0; border-left: 1px solid #ccc; }
.tabbar { display: flex; border-top: 1px solid #ccc; background: #f7f7f7; position: sticky; bottom: 0; }
.tabbar span { flex: 1; text-align: center; padding: 6px 2px; font-size: 11px; color: #555; }
.tabbar span.selected { color: #06c; font-weight: bold; }
.vc-caption { font-size: 11px; color: #555; padding: 2px 6px; background: #fafafa; border-bottom: 1px dashed #ddd; }
.placeholder { color: #777; padding: 24px 8px; text-align: center; font-style: italic; }
.presenting { opacity: 0.45; max-height: 120px; overflow: hidden; }
.pair .screen { min-height: 0; }
.sheet { position: relative; margin: -24px 6px 0; background: #fff; border: 1px solid #888; border-radius: 12px 12px 0 0; box-shadow: 0 -2px 8px rgba(0,0,0,.3); min-height: 300px; }
.sheet-label { font-size: 11px; color: #444; text-align: center; padding: 3px; border-bottom: 1px solid #ddd; }
.view-caption { font-size: 11px; color: #444; padding: 3px 6px; background: #eef; }
.section-header { background: #eee; color: #333; font-size: 12px; font-weight: 600; padding: 3px 8px; text-transform: none; }
.rows { list-style: none; margin: 0; padding: 0; }
.row { padding: 6px 8px; border-bottom: 1px solid #eee; overflow-wrap: anywhere; }
.row .detail, .row .fields { display: block; color: #666; font-size: 12px; }
.row.nocell { color: #888; font-style: italic; }
.gap { color: #888; font-size: 12px; padding: 2px 8px; border-bottom: 1px dotted #ccc; }
.mark { font-size: 10px; font-weight: bold; border: 1px solid; border-radius: 3px; padding: 0 3px; margin-right: 4px; }
.mark.ins { color: #060; } .mark.del { color: #a00; } .mark.mov { color: #740; } .mark.rel { color: #046; } .mark.sel { color: #036; }
.row.ins { background: #e6ffe6; } .row.del { background: #ffe6e6; text-decoration: line-through; } .row.mov { background: #fff4dd; } .row.rel { background: #e6f0ff; }
.deps { font-size: 11px; color: #444; padding: 3px 6px; border-top: 1px dashed #ccc; }
details { background: #fff; border: 1px solid #ddd; margin: 6px 0; padding: 4px 8px; }
summary { cursor: pointer; font-weight: 600; }
table.objects { border-collapse: collapse; font-size: 12px; } table.objects td, table.objects th { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
.pair > div > h4 { margin: 2px 0; font-size: 13px; }
.note { color: #555; font-size: 12px; }
"""#
}
