/**
 * The estimate engine's default data as ONE dated, sourced table: labor rates and sales tax by
 * US state, operation times (refinish, repair, R&I, replace hours) and part and sublet prices by
 * vehicle price class. Every value names its source; values marked `weak: true` come from
 * low-quality pages or are our own assumptions, and only serve until a host enters their shop's
 * own figures. Updating a number is a data edit here: the engine hard-codes none of them.
 *
 * `resolveRateCard(state, overrides?)` turns the table into the rate card for one estimate: the
 * state's defaults (or the national ones), with the account's own shop rates on top.
 *
 * Source of the values: the public pages named in `RATE_SOURCES`. Money is integer cents (see
 * ../money.ts); hours are decimal labor hours.
 */
import { roundToCents, type Cents } from "~/domain/money";
import { assertValid, checkNumber, type FieldErrors, type NumberRule } from "~/domain/validation";
import type {
  AdasSensor,
  DamageType,
  HailDentCountBand,
  HailDetail,
  InteriorMaterial,
  PanelId,
  PriceClass,
  Severity,
} from "./taxonomy";

/** The date these defaults were last checked against their sources (ISO date). */
export const RATES_CHECKED_ON = "2026-11-23";

// ─── Sources ────────────────────────────────────────────────────────────────────────────────────

export interface RateSource {
  title: string;
  /** Link to show next to the value, or null when there is no public page to link. */
  url: string | null;
  /** When the source's figure was measured or published (year or ISO date). */
  published: string;
  note?: string;
}

export const RATE_SOURCES = {
  crashNetwork: {
    title:
      "CRASH Network labor rate survey: US average body labor rate among shops raising rates ($54.55/h late 2021 → $63.67/h Oct 2023; insurer-paid rates +9.5 % in 2023)",
    url: "https://nwautocare.org",
    published: "2023-10",
  },
  mitchell2017: {
    title:
      "Mitchell International, average body-shop labor rates in select states, 2017 through September (Automotive News, 'Service counter', 2018-02-19)",
    url: "http://www.autonews.com/article/20180219/RETAIL05/302199996/service-counter",
    published: "2017-09",
  },
  massachusetts: {
    title: "Massachusetts insurer-paid body labor rate ≈ $40/h (2022)",
    url: "https://lewlewbiz.com",
    published: "2022",
    note: "Insurer-paid rate, not a shop's posted rate.",
  },
  ccc2013: {
    title:
      "CCC Information Services national averages 2013: body $46.12/h, mechanical $77.04/h, paint materials $26.64 per refinish hour (reported by Autobody News)",
    url: null,
    published: "2013",
    note: "Used only for the ratios mechanical ÷ body and paint materials ÷ body.",
  },
  rdn2016: {
    title:
      "Repairer Driven News, 'Who pays for what' survey: refinish labor median ≈ $50/h; paint materials ≈ $25–30 per refinish hour, charged per refinish hour by 81 % of shops",
    url: "https://www.repairerdrivennews.com",
    published: "2016",
  },
  cccMotorClearCoat: {
    title:
      "CCC / MOTOR Guide to Estimating, clear coat: +40 % of refinish time on the first major panel, +20 % on each additional, maximum 2.5 h",
    url: "https://help.cccis.com/static/training/motor_crash_gte/refinishing_procedures/clearcoatfinishes_basecoat_clearcoat_.htm",
    published: "2024",
  },
  cccMotorRefinishPremise: {
    title:
      "CCC / MOTOR Guide to Estimating, refinish time premise: refinish times exclude removing attached parts (mirrors, grilles, lamps, trim)",
    url: "https://help.cccis.com/webhelp/motor/gte/Content/REFINISH_TIME_PREMISE.htm",
    published: "2024",
  },
  mitchellBlend: {
    title:
      "Mitchell P-pages, extension of clear / blend: a blended panel totals 50 % of its exterior refinish time",
    url: "http://static.mymitchell.com/static/webhelp/ppages/ceg/1033/Content/ceg022812.htm",
    published: "2022",
  },
  publishedEstimate: {
    title:
      "A published shop estimate: front bumper cover refinish 2.8 h; blend of an adjacent panel 1.4 h",
    url: null,
    published: "2023",
  },
  collisionBlastTriCoat: {
    title:
      "Collision Blast, 'Auto Repair Estimates' series (D. Smith): tri-coat adds 70 % per refinish hour on the first panel and 40 % on each additional, and replaces the clear-coat addition",
    url: "http://collisionblast.com/tag/repair-right-front",
    published: "2010",
    note: "A training blog, not a labor guide: treat as weak.",
  },
  pdr: {
    title:
      "Paintless dent repair prices per dent: dime/nickel $100–150, quarter $150–225, golf ball $250–375, 2–3″ crease $400–600; cracked paint +$100–300 (then not PDR); aluminum +15–30 %",
    url: "https://promastersautocc.com",
    published: "2024",
  },
  curbRash: {
    title: "Wheel curb rash repair ≈ $125 per wheel, up to $200",
    url: "https://support.turo.com",
    published: "2024",
    note: "The marketplace's prior-damage article and turopro.",
  },
  windshield: {
    title:
      "Windshield replacement: no ADAS $250–600; with ADAS camera $1,200–1,650; calibration +$150–600",
    url: "https://newsroom.aaa.com",
    published: "2018",
    note: "daxstreet; AAA 2018.",
  },
  adasSensors: {
    title:
      "AAA: repair costs of ADAS sensors: front radar $900–1,300; front camera $850–1,900; parking sensors $500–1,300",
    url: "https://newsroom.aaa.com",
    published: "2023",
  },
  headlamp: {
    title:
      "Headlamp assembly: halogen $75–250 aftermarket, $200–500+ OEM; LED more than $1,000 (low-quality pages)",
    url: null,
    published: "2024",
  },
  bumperCover: {
    title:
      "Bumper cover part + paint + labor: economy $450–1,000; mid $700–1,500; OEM $1,100–2,200 (low-quality pages)",
    url: null,
    published: "2024",
  },
  cccCrashCourse: {
    title:
      "CCC Crash Course Q1 2025: EV repairs take ≈ 4 more labor hours and ≈ 30 % more labor cost than ICE",
    url: "https://www.cccis.com/crash-course",
    published: "2025",
  },
  mitchellSupplements: {
    title:
      "Mitchell (2018): supplements to photo-based estimates average more than 50 % of the first estimate",
    url: null,
    published: "2018",
  },
  taxFoundation: {
    title:
      "Tax Foundation, 'State and Local Sales Tax Rates, 2025' (state-level rates as of January 1, 2025; local rates not included)",
    url: "https://taxfoundation.org/data/all/state/2025-sales-tax-rates/",
    published: "2025-01-01",
  },
  hailMatrix: {
    title:
      "A PDR hail matrix as insurers publish it, transcribed in an open-source hail-quote app (AppWizards QuickQuoteHail, Calculator.java): hood, roof and trunk 1–5 dents $125 dime → $215 half dollar … 76–100 dents $625 → $850; fenders, doors, quarter panels and rails 1–5 dents $95 → $185 … 31–50 dents $325 → $425; 'CR' (conventional repair) beyond",
    url: "https://github.com/sage-utsa/AppWizards_QuickQuoteHail",
    published: "2025",
    note: "A transcription in a student project, not the insurer's own sheet: weak.",
  },
  iapathMatrix: {
    title:
      "IA Path, 'Estimate with a PDR matrix': hail is priced per panel from the dent count and the size most dents have (dime, nickel, quarter, half dollar), plus mark-ups and R&I for access",
    url: "https://iapath.com/estimate-with-a-pdr-matrix/",
    published: "2023",
  },
  hailestOversize: {
    title:
      "Hailest, 'How to read an auto hail damage repair hail chart': each dent larger than a half dollar (oversize) adds $50 (some insurers pay $40)",
    url: "https://hailest.com/2023/12/hail-chart-hail-matrix",
    published: "2023-12",
    note: "A hail-estimating vendor's blog: weak.",
  },
  hailAluminum: {
    title:
      "EngineerFix, 'How much does hail dent repair actually cost': aluminum panels carry a 20–25 % mark-up on the PDR matrix",
    url: "https://engineerfix.com/how-much-does-hail-dent-repair-actually-cost",
    published: "2025",
    note: "A consumer explainer: weak; agrees with the +15–30 % per-dent aluminum uplift.",
  },
  aaaAdas2018: {
    title:
      "AAA (2018), ADAS repair costs (OEM list parts, 2018 Rogue, Camry, F-150): front radar $900–1,300; rear (blind-spot) radar $850–2,050; front camera $850–1,900; front, mirror or rear around-view camera $500–1,100; ultrasonic parking sensors $500–1,300",
    url: "https://www.autocareweek.com/aaa-new-vehicle-tech-doubles-collision-repair-bills-52121.htm",
    published: "2018-10",
  },
  aaaAdas2023: {
    title:
      "AAA (Dec 2023), ADAS share of repair costs (three 2023 models): front-end ADAS components $1,540; mirror camera $1,067 of a mirror repair; rear ADAS $684 of a $1,698 rear repair; windshield ADAS $360 of $1,440",
    url: "https://newsroom.aaa.com/2023/12/fixing-advanced-vehicle-systems-makes-up-over-one-third-of-repair-costs-following-a-crash/",
    published: "2023-12-14",
  },
  ledHeadlamp: {
    title:
      "Ryan's Auto, 'How much do LED headlights cost to replace': LED headlamp assembly $300–800 aftermarket, $700–1,500 or more OEM or luxury; adaptive or pixel LED costs more",
    url: "https://www.ryansautomi.net/articles/how-much-do-led-headlights-cost-to-replace.html",
    published: "2025",
    note: "A shop's article: weak.",
  },
  hidHeadlamp: {
    title:
      "Visual Foodie, 'The average cost of a car xenon headlight' (2026): $250 to over $1,500 per side installed; full HID (xenon) headlamp assembly from $400; ballast alone $150–600",
    url: "https://visualfoodie.com/the-average-cost-of-a-car-xenon-headlight",
    published: "2026",
    note: "A consumer article: weak. HID assemblies sit between halogen and LED ones.",
  },
  adaptiveHeadlamp: {
    title:
      "Consumer reports of dealer quotes for one adaptive / matrix LED headlamp: about $1,800 and $2,400 per unit",
    url: "https://eatsip365.com/the-added-cost-of-a-car-with-led-systems",
    published: "2026",
    note: "Anecdotes on content-farm pages: weak, a sanity range only.",
  },
  taillampPrices: {
    title:
      "Tail lamp assembly: OEM $200–1,000+, aftermarket $50–500 (TC Autoparts); OEM $250–800+, aftermarket $80–200 (EngineerFix)",
    url: "https://www.tc-autoparts.com/how-much-does-it-cost-to-replace-a-tail-light-assembly/",
    published: "2024",
    note: "Parts-seller and explainer pages: weak.",
  },
  conventionalDent: {
    title:
      "EngineerFix, 'How much does a body shop charge to fix a dent': PDR $50–250 for the first dent; conventional repair with refinish $400–1,500+ per panel",
    url: "https://engineerfix.com/how-much-does-a-body-shop-charge-to-fix-a-dent/",
    published: "2025",
    note: "A consumer explainer: weak.",
  },
  pdrMinimum: {
    title:
      "The Dent Devils (San Diego), PDR prices: a soft 1″ ding with easy access starts at $175",
    url: "https://thedentdevils.com/paintless-dent-repair-prices/",
    published: "2024",
    note: "One shop's price list: weak.",
  },
  buffing: {
    title:
      "Scratch buffing by a detailer or shop, per panel: light clear-coat scratches $75–150; scratches into the color coat $150–400",
    url: "https://eatsip365.com/the-average-cost-of-pro-car-scratch-buffing",
    published: "2026",
    note: "A content-farm page: weak; the low end is used as the minimum charge.",
  },
  paintCorrection: {
    title:
      "EngineerFix, 'How much does it cost to buff out a car': a single-stage polish of a sedan $500–1,000 (a detailer's day, ≈ 8–12 h)",
    url: "https://engineerfix.com/how-much-does-it-cost-to-buff-out-a-car",
    published: "2025",
    note: "A consumer explainer: weak.",
  },
  aluminumRates: {
    title:
      "CRASH Network / Collision Advice 'Who pays for what?' (Oct 2015, 130 OEM-certified shops): aluminum repair rates from a few dollars over the shop's body rate to more than $145/h, about $92/h on average",
    url: "http://www.searchautoparts.com/abrn/collision-news-general/new-who-pays-what-survey-results-show-wide-range-certified-aluminum-labo",
    published: "2016-01-05",
  },
  aluminumTime: {
    title:
      "BodyShop Business, 'Ask the expert: determining labor rates for aluminum': some insurers tell shops to keep their rate and double the repair time on aluminum",
    url: "https://www.bodyshopbusiness.com/ask-expert-determining-labor-rates-aluminum/",
    published: "2016",
    note: "An expert column: weak.",
  },
  hailTotals: {
    title:
      "Fix Things Right, 'How much to fix hail damage': minor hail $50–150 per dent; moderate (dents on several panels) $500–3,000; severe over $3,000, up to $10,000 or more",
    url: "https://fixthingsright.blogspot.com/2025/08/how-much-to-fix-hail-damage.html",
    published: "2025-08",
    note: "A blog: weak, used only for whole-car sanity ranges.",
  },
  tireReplacement: {
    title:
      "EngineerFix, 'How much does it cost to replace 1 tire': $150–350 for one tire, mounted and balanced",
    url: "https://engineerfix.com/how-much-does-it-cost-to-replace-1-tire",
    published: "2025",
    note: "A consumer explainer: weak.",
  },
  smokeOdor: {
    title: "Professional cigarette-smell removal: basic $150–250, standard $250–450 for a sedan",
    url: "https://visualfoodie.com/pro-car-cigarette-smell-removal-cost-details",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  appraiserReplaceRule: {
    title:
      "New York State auto damage appraiser exam study guide: an appraiser should consider replacing a damaged part when the repair costs exceed 75 % of the part's value",
    url: "https://nystateautodamagetheft.examzify.com/question/when-should-an-auto-appraiser-8c222e4936de5f20",
    published: "2026 (undated page, read 2026-11-27)",
    note: "An exam-prep page: weak; matches the trade practice of replacing when repair approaches the panel's cost.",
  },
  repairVsReplaceTrade: {
    title:
      "Vehicle Service Pros, 'Repair vs Replace' (2006, republished 2020): owners chose a new panel when the damage approached the cost of the panel; cosmetic damage was usually repaired",
    url: "https://www.vehicleservicepros.com/collision-repair/on-the-shop-floor/article/21167357/repair-vs-replace",
    published: "2020-01-01",
  },
  creasedTornPanels: {
    title:
      "Calmack, 'How do experts decide between repair vs replace': once a panel has creased, folded or torn, the metal is stretched past where panel beating can fully restore it",
    url: "https://calmack.com.au/how-do-experts-decide-between-repair-vs-replace-car-damage/",
    published: "2026 (undated page, read 2026-11-27)",
    note: "A shop's article: weak.",
  },
  aluminumReplaceTrend: {
    title:
      "Dents.co (K. Carlisle), 'Why we replace when we should repair' (2023-01-18): high-strength steel and aluminum do not repair as well as mild steel; a five-hour dent on mild steel takes considerably more on aluminum, so such panels are often written as replace",
    url: "https://www.dents.co/blog/why-we-replace-when-we-should-repair",
    published: "2023-01-18",
  },
  fordF150Aluminum: {
    title:
      "Automotive News, 'Been there, done that, Ford says of process' (2014-01-20): the redesigned 2015 F-150 has an aluminum body, riveted and bonded like the Jaguar XJ and Range Rover",
    url: "https://autonews.com/article/20140120/OEM04/301209907/been-there-done-that-ford-says-of-process",
    published: "2014-01-20",
  },
  fordSuperDutyExpeditionAluminum: {
    title:
      "Light Metal Age, 'Ford launches new aluminum-bodied Expedition' (2017): the 2018 Expedition has aluminum body panels on a steel frame, after the 2015 F-150 and the aluminum Super Duty (2017 model year); F-150 aluminum repair certification carries over",
    url: "https://www.lightmetalage.com/news/industry-news/automotive/ford-launched-aluminum-bodied-expedition/",
    published: "2017",
  },
  luxuryAluminumBodies: {
    title:
      "Car Talk (J. Motavalli, 2013-10-28), 'Cutting weight with aluminum cars': the Audi A8 has an all-aluminum body and the latest Range Rover an all-aluminum structure; Winnipeg Free Press: Audi has built the A8 on an aluminum space frame since 1994",
    url: "https://www.cartalk.com/content/cutting-weight-aluminum-cars-ford-f-150-next",
    published: "2013-10-28",
  },
  teslaModelSAluminum: {
    title:
      "The Truth About Cars, 'Repair estimates for Tesla Model S higher at certified shops' (2015-01): the Model S's nearly all-aluminum frame and body panels make even minor repairs hard; Tesla sells parts only to the shops it trained",
    url: "https://www.thetruthaboutcars.com/2015/01/repair-estimates-tesla-model-s-higher-certified-shops/",
    published: "2015-01",
  },
  teslaCameraCalibration: {
    title:
      "Tesla Model Y service manual, 'Camera - side repeater - LH (remove and replace)' (2025-02-12): flat-rate time 0.2 h; whenever a camera is moved out of its position, its calibration must be cleared (Controls > Service > Camera Calibration); Not a Tesla App: Autopilot features return after up to 100 miles of driving",
    url: "https://service.tesla.com/docs/ModelY/ServiceManual/2025/en-us/GUID-33C2512A-48F6-4F3B-B7BC-6546592B6BC2.html",
    published: "2025-02-12",
  },
  evPaintCuring: {
    title:
      "AXA UK Commercial via Bodyshop (Ireland): curing paint in booths above 50 °C can damage an EV's battery; repairers use low-temperature paints or short-wave infrared curing and follow the maker's temperature limits",
    url: "https://www.bodyshop.ie/index.php/axa-highlights-risks-of-heat-intensive-spray-booths-for-evs/31242",
    published: "2026 (undated page, read 2026-11-27)",
  },
  pickupTailgate: {
    title:
      "PartsAdvisory, 'Tailgate (PartTerminologyID 1427)': a loaded OEM tailgate on a current full-size truck costs $1,500–4,000 from the dealer; aftermarket shells $300–800, plus 2–4 h to transfer the camera, handle, lock and wiring; Vehicle Answers: a simple tailgate ≈ $500 fitted",
    url: "https://www.partsadvisory.com/partterminologyid/partterminologyid-1427-tailgate",
    published: "2026 (undated page, read 2026-11-27)",
    note: "A parts-catalog blog: weak.",
  },
  seatRepairByMaterial: {
    title:
      "Eat Sip 365, 'Estimating your automotive seat repair costs': cloth $75–250, vinyl $100–300, leather $150–500+ (burns, tears, stains); Visual Foodie: a leather seat tear from a $100 patch to $900 for a full panel, a cloth seat cover ≈ $350",
    url: "https://eatsip365.com/estimating-your-automotive-seat-repair-costs",
    published: "2026",
    note: "Content-farm pages: weak.",
  },
  petHairRemoval: {
    title:
      "Pet hair removal by a detailer: 1–2 h light, 2–4 h moderate, 4–6+ h heavy on a sedan or small SUV, on top of an interior detail (Winenfood); Doctor Detail: $30 flat for significant hair, $70/h labor; a $75 pet-hair surcharge (Eat Sip 365)",
    url: "http://www.doctor-detail.com/surcharges",
    published: "2026 (undated page, read 2026-11-27)",
    note: "Detailers' price lists and explainers: weak.",
  },
  turoCleaningTiers: {
    title:
      "Turo, 'Recent Turo policy updates' (2018-04-02): cleaning reimbursement in set tiers of $30, $50, $100, $150 or $250, with separate tiers for smoking and pet hair; Turo no-smoking policy: $250 for multiple cleaning issues (cleaning, smoking and/or pet hair)",
    url: "https://turo.com/blog/news/recent-turo-policy-updates",
    published: "2018-04-02",
  },
  edmundsF150Aluminum: {
    title:
      "Edmunds long-term 2015 F-150, 'Aluminum body repairs part 3' (2015-01-27), with TopSpeed and Jalopnik: two dents and four creases in the aluminum bed side straightened, filled, refinished and blended, plus an $887 LED blind-spot taillamp: $2,938.44 at $60/h, $4,138.44 at the dealer's $120/h aluminum rate; 20 h of aluminum body labor where steel takes 10 h (an independent shop: $105/h aluminum, $50/h steel)",
    url: "https://www.edmunds.com/ford/f-150/2015/long-term-road-test/2015-ford-f-150-aluminum-body-repairs-part-3-with-video.html",
    published: "2015-01-27",
  },
  quarterPanelSectioning: {
    title:
      "EngineerFix, side panel and quarter panel replacement: a quarter panel is cut out and a new one welded in, 16–23 h of structural labor (about 35 billable hours with refinish and blends), over $3,000–4,500 in all; the part from a few hundred dollars aftermarket to over $1,500 OEM",
    url: "https://engineerfix.com/how-much-does-a-quarter-panel-replacement-cost",
    published: "2026 (undated page, read 2026-11-27)",
    note: "A consumer explainer: weak.",
  },
  fenderReplacementEconomy: {
    title:
      "EngineerFix, 'How much does it cost to replace a side panel on a car': a bolt-on fender takes about 3 h to swap and 3 h to prep and paint; a simple fender replacement starts around $600–1,000",
    url: "https://engineerfix.com/how-much-does-it-cost-to-replace-a-side-panel-on-a-car",
    published: "2026 (undated page, read 2026-11-27)",
    note: "A consumer explainer: weak.",
  },
  panelReplaceVsRepairBands: {
    title:
      "Eat Sip 365, 'The average cost of car panel and paint work': medium dent with paint damage $600–1,500 (door, fender); panel replacement and paint with an aftermarket part $900–2,500, with an OEM part $1,500–4,000+ (door, hood, bumper)",
    url: "https://eatsip365.com/the-average-cost-of-car-panel-and-paint-work",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  doorShellReplacement: {
    title:
      "Visual Foodie, 'Car door shell replacement price factors': a door shell replaced, inner parts moved over and painted, $800 to over $3,500",
    url: "https://visualfoodie.com/car-door-shell-replacement-price-factors",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  teslaDoorCrease: {
    title:
      "Tesla forums, 'Aluminum body repair' (2013-02-03): a Model S front door with a small crease in the body line and scratches through the primer, repaired by Tesla Tampa for about $800",
    url: "https://forums.tesla.com/en_EU/forum/forums/aluminum-body-repair",
    published: "2013-02-03",
    note: "One owner's report.",
  },
  triCoatDoorScratch: {
    title:
      "Winenfood, 'What it costs to fix a white car crash': a deep scratch on a pearl (tri-coat) Lexus rear door estimated over $1,200; solid versus tri-coat white can be 'the difference between a $300 fix and a $1,500 one'",
    url: "https://winenfood.com/what-it-costs-to-fix-a-white-car-crash",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  keyedCarRepaint: {
    title:
      "us.ok.com, 'How much does it cost to repair a keyed car': full panel repaint (door, fender) $500–1,500 depending on paint type (standard or pearl); multi-panel / body-side repaint $1,000–2,500+",
    url: "https://us.ok.com/ask/how-much-does-it-cost-to-repair-a-keyed-car",
    published: "2026 (undated page, read 2026-11-27)",
    note: "A consumer Q&A page: weak.",
  },
  bumperRepaint: {
    title:
      "EngineerFix, 'How much does it cost to get a bumper painted': a deep gouge or crack filled and the whole cover repainted $300–1,000; metallic, pearl or tri-coat finishes add 20–50 % in materials",
    url: "https://engineerfix.com/how-much-does-it-cost-to-get-a-bumper-painted-2",
    published: "2026 (undated page, read 2026-11-27)",
    note: "A consumer explainer: weak.",
  },
  tailgateReplacementTotal: {
    title:
      "Visual Foodie, 'What to expect for a car tailgate replacement cost': a car, SUV or truck tailgate replaced, part plus labor and paint, $500 to over $3,500",
    url: "https://visualfoodie.com/what-to-expect-for-a-car-tailgate-replacement-cost",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  canyonTailgateMolding: {
    title:
      "AutoGuide long-term 2015 GMC Canyon (copy on carsnear.com): the damaged plastic molding on the tailgate's edge replaced at the dealer for just over $90, part and $30 of labor",
    url: "http://carsnear.com/view-4155-263681.html",
    published: "2015",
  },
  seatBurnByMaterial: {
    title:
      "Visual Foodie, 'How much does car seat upholstery repair cost': a small burn or tear under 1″ costs $75–150 in cloth, $100–200 in vinyl and $150–250 in genuine leather",
    url: "https://visualfoodie.com/how-much-does-car-seat-upholstery-repair-cost",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  seatTearBySize: {
    title:
      "Eat Sip 365, 'A look at average car seat tear repair costs': small fabric tear (under 2″) $75–150; medium leather tear (2–5″) $175–300; large tear or damaged seam $250–450+",
    url: "https://eatsip365.com/a-look-at-average-car-seat-tear-repair-costs",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  leatherSeatReupholstery: {
    title:
      "Winenfood, 'The price of a leather car chair replacement': a leather seat re-covered by a custom upholstery shop $800–2,500 per seat (OEM dealer seat $2,000–5,000+)",
    url: "https://winenfood.com/the-price-of-a-leather-car-chair-replacement",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  odorRemovalTypes: {
    title:
      "Winenfood, 'The cost of professional car smell removal' (sedan): heavy smoke $250–600+; pet odors (urine, dander, wet dog: enzyme, extraction, ozone) $200–500; SUVs and minivans 15–25 % more",
    url: "https://winenfood.com/the-cost-of-professional-car-smell-removal",
    published: "2026",
    note: "A content-farm page: weak.",
  },
  sideswipeHalves: {
    title:
      "Eat Sip 365, rear side panel and door paint guides: a quarter panel with medium dents and scratches (filler, sanding, paint) $600–1,800; a door with a medium dent and paint damage $600–1,500",
    url: "https://eatsip365.com/how-much-to-fix-a-car-rear-side-panel",
    published: "2026",
    note: "Content-farm pages: weak; a door-plus-quarter sideswipe is the sum, $1,200–3,300.",
  },
  assumption: {
    title:
      "FleetAssist assumption: no public source found; typical magnitude chosen to sit inside the public price ranges above",
    url: null,
    published: RATES_CHECKED_ON,
  },
} as const satisfies Record<string, RateSource>;

export type RateSourceId = keyof typeof RATE_SOURCES;

/** A default value with where it comes from. */
export interface Sourced<T> {
  value: T;
  sources: readonly RateSourceId[];
  /** From a low-quality page or our own assumption: a sanity value, not a fact. */
  weak: boolean;
  note?: string;
}

function sourced<T>(
  value: T,
  sources: RateSourceId | readonly RateSourceId[],
  weak: boolean,
  note?: string,
): Sourced<T> {
  return {
    value,
    sources: typeof sources === "string" ? [sources] : sources,
    weak,
    ...(note && { note }),
  };
}

// ─── Labor rates ───────────────────────────────────────────────────────────────────────────────

/**
 * How the labor defaults are derived (each ratio below is a data value with its source):
 * - national body rate: the CRASH Network Oct 2023 average;
 * - refinish rate: the body rate (shops bill paint and body labor at the same rate; RDN's 2016
 *   refinish median ≈ $50/h matched body rates of the time);
 * - mechanical rate: the body rate × CCC's 2013 national ratio mechanical ÷ body (77.04 ÷ 46.12);
 * - paint materials: the national body rate × CCC's 2013 ratio materials ÷ body (26.64 ÷ 46.12),
 *   the same for every state ($36.78; RDN's 2016 "$25–30" is the older level);
 * - a state with a Mitchell 2017 figure: national body rate × (state's 2017 rate ÷ the mean of the
 *   11 states Mitchell published), i.e. today's national level with the state's relative
 *   position; Massachusetts: its 2022 insurer-paid rate + the 9.5 % insurer-paid rise of 2023;
 * - any other state: the national rates.
 */
export const LABOR_DEFAULTS = {
  nationalBodyCentsPerHour: sourced(63_67, "crashNetwork", false),
  refinishToBodyRatio: sourced(1, "rdn2016", true, "Refinish billed at the body rate."),
  mechanicalToBodyRatio: sourced(77_04 / 46_12, "ccc2013", true, "2013 ratio ≈ 1.67."),
  paintMaterialsToBodyRatio: sourced(26_64 / 46_12, "ccc2013", true, "2013 ratio ≈ 0.58."),
  /** Mean of the 11 state rates Mitchell published for 2017 ($49.10). */
  mitchell2017MeanCents: sourced(
    (56_75 + 52_16 + 51_46 + 51_36 + 49_33 + 48_04 + 47_90 + 46_81 + 46_67 + 46_11 + 43_50) / 11,
    "mitchell2017",
    false,
  ),
  insurerRateRise2023Percent: sourced(9.5, "crashNetwork", false),
} as const;

export const US_STATE_CODES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];

export interface StateDefaults {
  name: string;
  /** State-level sales tax (local taxes not included). */
  salesTaxPercent: number;
  /** Mitchell's 2017 average body labor rate for the state, when published. */
  mitchell2017BodyCents?: Cents;
  /** A 2022 insurer-paid body rate, when that is all we have. */
  insurerPaid2022BodyCents?: Cents;
  /** The tax rate changed recently or has a special structure: check it. */
  weakTax?: string;
}

/** Sales tax: Tax Foundation 2025. Labor: Mitchell 2017 (11 states), Massachusetts 2022. */
export const US_STATE_DEFAULTS: Readonly<Record<UsStateCode, StateDefaults>> = {
  AL: { name: "Alabama", salesTaxPercent: 4 },
  AK: { name: "Alaska", salesTaxPercent: 0, weakTax: "No state sales tax; boroughs may levy one." },
  AZ: { name: "Arizona", salesTaxPercent: 5.6, mitchell2017BodyCents: 51_46 },
  AR: { name: "Arkansas", salesTaxPercent: 6.5 },
  CA: { name: "California", salesTaxPercent: 7.25, mitchell2017BodyCents: 56_75 },
  CO: { name: "Colorado", salesTaxPercent: 2.9 },
  CT: { name: "Connecticut", salesTaxPercent: 6.35 },
  DE: { name: "Delaware", salesTaxPercent: 0 },
  DC: {
    name: "District of Columbia",
    salesTaxPercent: 6,
    weakTax: "The District has legislated increases after January 2025: check the current rate.",
  },
  FL: { name: "Florida", salesTaxPercent: 6, mitchell2017BodyCents: 43_50 },
  GA: { name: "Georgia", salesTaxPercent: 4 },
  HI: {
    name: "Hawaii",
    salesTaxPercent: 4,
    mitchell2017BodyCents: 51_36,
    weakTax: "General excise tax, also charged on labor.",
  },
  ID: { name: "Idaho", salesTaxPercent: 6 },
  IL: { name: "Illinois", salesTaxPercent: 6.25, mitchell2017BodyCents: 52_16 },
  IN: { name: "Indiana", salesTaxPercent: 7 },
  IA: { name: "Iowa", salesTaxPercent: 6 },
  KS: { name: "Kansas", salesTaxPercent: 6.5 },
  KY: { name: "Kentucky", salesTaxPercent: 6 },
  LA: {
    name: "Louisiana",
    salesTaxPercent: 5,
    weakTax: "Raised from 4.45 % to 5 % on January 1, 2025 (temporary, through 2029).",
  },
  ME: { name: "Maine", salesTaxPercent: 5.5 },
  MD: { name: "Maryland", salesTaxPercent: 6 },
  MA: { name: "Massachusetts", salesTaxPercent: 6.25, insurerPaid2022BodyCents: 40_00 },
  MI: { name: "Michigan", salesTaxPercent: 6, mitchell2017BodyCents: 46_67 },
  MN: { name: "Minnesota", salesTaxPercent: 6.875 },
  MS: { name: "Mississippi", salesTaxPercent: 7 },
  MO: { name: "Missouri", salesTaxPercent: 4.225 },
  MT: { name: "Montana", salesTaxPercent: 0 },
  NE: { name: "Nebraska", salesTaxPercent: 5.5 },
  NV: { name: "Nevada", salesTaxPercent: 6.85 },
  NH: { name: "New Hampshire", salesTaxPercent: 0 },
  NJ: { name: "New Jersey", salesTaxPercent: 6.625, mitchell2017BodyCents: 48_04 },
  NM: {
    name: "New Mexico",
    salesTaxPercent: 4.875,
    weakTax: "Gross receipts tax, also charged on labor.",
  },
  NY: { name: "New York", salesTaxPercent: 4, mitchell2017BodyCents: 49_33 },
  NC: { name: "North Carolina", salesTaxPercent: 4.75 },
  ND: { name: "North Dakota", salesTaxPercent: 5 },
  OH: { name: "Ohio", salesTaxPercent: 5.75, mitchell2017BodyCents: 47_90 },
  OK: { name: "Oklahoma", salesTaxPercent: 4.5 },
  OR: { name: "Oregon", salesTaxPercent: 0 },
  PA: { name: "Pennsylvania", salesTaxPercent: 6 },
  RI: { name: "Rhode Island", salesTaxPercent: 7, mitchell2017BodyCents: 46_81 },
  SC: { name: "South Carolina", salesTaxPercent: 6 },
  SD: { name: "South Dakota", salesTaxPercent: 4.2 },
  TN: { name: "Tennessee", salesTaxPercent: 7 },
  TX: { name: "Texas", salesTaxPercent: 6.25, mitchell2017BodyCents: 46_11 },
  UT: {
    name: "Utah",
    salesTaxPercent: 6.1,
    weakTax: "Includes the 1.25 % local rate levied statewide.",
  },
  VT: { name: "Vermont", salesTaxPercent: 6 },
  VA: {
    name: "Virginia",
    salesTaxPercent: 5.3,
    weakTax: "Includes the 1 % local rate levied statewide.",
  },
  WA: { name: "Washington", salesTaxPercent: 6.5 },
  WV: { name: "West Virginia", salesTaxPercent: 6 },
  WI: { name: "Wisconsin", salesTaxPercent: 5 },
  WY: { name: "Wyoming", salesTaxPercent: 4 },
};

/** Sales tax when no state is chosen: 6 %, the most common state rate (weak). */
export const NATIONAL_DEFAULT_SALES_TAX = sourced(6, "taxFoundation", true);

// ─── Operation times and prices ─────────────────────────────────────────────────────────────────

type ByClass = Readonly<Record<PriceClass, Cents>>;
/** One matrix row: dime, nickel, quarter, half dollar; null = conventional repair. */
type HailRow = readonly [Cents | null, Cents | null, Cents | null, Cents | null];
type BySeverity<T> = Readonly<Record<Severity, T>>;

function byClass(
  economy: number,
  mid: number,
  premium: number,
  luxury: number,
  evHybrid: number,
): ByClass {
  return { economy, mid, premium, luxury, "ev-hybrid": evHybrid };
}

/**
 * What a finding of this severity gets: conventional repair (body hours, then maybe refinish and
 * R&I of attached parts), "polish" (minor surface damage) or "replace" (the part is replaced).
 */
export type RepairChoice =
  { hours: number; refinish: boolean; removeAndInstall: boolean } | "replace" | "polish";

/** A conventional repair of `hours`, done off the car and then refinished. */
const refinished = (hours: number): RepairChoice => ({
  hours,
  refinish: true,
  removeAndInstall: true,
});

export interface PdrBand {
  id: "dime-nickel" | "quarter" | "golf-ball" | "crease";
  label: string;
  /** Dents up to this longest dimension fall in the band. */
  maxSizeCm: number;
  lowCents: Cents;
  highCents: Cents;
}

/** A door shell and a front fender, by class (both sides and both doors cost the same). */
const DOOR_SHELL = byClass(450_00, 650_00, 1_000_00, 1_500_00, 1_200_00);
const FENDER = byClass(150_00, 250_00, 450_00, 700_00, 550_00);
/** A quarter panel: a few hundred dollars aftermarket to over $1,500 OEM (EngineerFix). */
const QUARTER = byClass(400_00, 700_00, 1_000_00, 1_600_00, 1_200_00);

/**
 * Hours and prices the engine writes on estimate lines. Hours are labor-guide style decimal
 * hours; prices are per part (or per job for sublet work), in cents.
 */
export const ESTIMATE_TABLES = {
  /** Full refinish (outer surface) per painted panel, hours. */
  refinishHours: sourced<Readonly<Partial<Record<PanelId, number>>>>(
    {
      "front-bumper": 2.8,
      "rear-bumper": 2.8,
      hood: 3.0,
      roof: 2.8,
      "front-fender-left": 1.8,
      "front-fender-right": 1.8,
      "front-door-left": 2.2,
      "front-door-right": 2.2,
      "rear-door-left": 2.0,
      "rear-door-right": 2.0,
      "rocker-left": 1.0,
      "rocker-right": 1.0,
      "quarter-panel-left": 2.5,
      "quarter-panel-right": 2.5,
      "trunk-liftgate": 2.4,
      "mirror-left": 0.6,
      "mirror-right": 0.6,
    },
    ["publishedEstimate", "assumption"],
    true,
    "Front bumper 2.8 h from a published estimate (rear bumper taken as the same); other panels are typical labor-guide magnitudes for a mid-size car (assumption). Mirror: body-color cap.",
  ),
  /** A blended panel costs this share of its full refinish time. */
  blendFraction: sourced(
    0.5,
    ["mitchellBlend", "publishedEstimate"],
    false,
    "The published estimate's 1.4 h blend is 50 % of a 2.8 h panel.",
  ),
  clearCoat: sourced(
    { firstPanelFraction: 0.4, additionalPanelFraction: 0.2, maxHours: 2.5 },
    "cccMotorClearCoat",
    false,
  ),
  /** Tri-coat replaces the clear-coat addition; the source gives no cap. */
  triCoat: sourced(
    { firstPanelFraction: 0.7, additionalPanelFraction: 0.4 },
    "collisionBlastTriCoat",
    true,
  ),
  /**
   * Body labor by damage on sheet-metal panels (conventional repair: the panel is then
   * refinished). Minor scratches, scuffs and chips are polished instead (see `polishHours`).
   */
  sheetMetalRepair: sourced<Readonly<Partial<Record<DamageType, BySeverity<RepairChoice>>>>>(
    {
      dent: { minor: refinished(1.0), moderate: refinished(2.5), severe: refinished(5.0) },
      scratch: { minor: "polish", moderate: refinished(0.8), severe: refinished(1.5) },
      scuff: { minor: "polish", moderate: refinished(0.8), severe: refinished(1.5) },
      "paint-chip": { minor: "polish", moderate: refinished(0.5), severe: refinished(1.0) },
      crack: { minor: refinished(1.0), moderate: refinished(2.0), severe: refinished(4.0) },
    },
    "assumption",
    true,
    "Repair times are estimator judgment in every labor guide (none publishes them).",
  ),
  /** Plastic bumper covers: repair off the car (R&I + refinish), or replace the cover. */
  bumperRepair: sourced<Readonly<Partial<Record<DamageType, BySeverity<RepairChoice>>>>>(
    {
      // A minor push-out dent in a plastic cover usually needs no paint.
      dent: {
        minor: { hours: 1.0, refinish: false, removeAndInstall: false },
        moderate: refinished(2.0),
        severe: "replace",
      },
      scratch: { minor: "polish", moderate: refinished(1.0), severe: refinished(2.0) },
      scuff: { minor: "polish", moderate: refinished(1.0), severe: refinished(2.0) },
      "paint-chip": { minor: "polish", moderate: refinished(0.5), severe: refinished(1.0) },
      crack: { minor: refinished(1.5), moderate: refinished(2.5), severe: "replace" },
    },
    "assumption",
    true,
  ),
  /** Polish / touch-up of minor surface damage, refinish hours per finding. */
  polishHours: sourced<Readonly<Partial<Record<DamageType, number>>>>(
    { scratch: 0.5, scuff: 0.5, "paint-chip": 0.3 },
    "assumption",
    true,
  ),
  /** Body hours to repair a moderately damaged painted mirror cap before refinishing it. */
  mirrorCapRepairHours: sourced(0.3, "assumption", true),
  /**
   * Removing and installing attached parts before refinishing a panel (refinish times exclude
   * it), or the bumper cover itself when it is repaired off the car. Body hours.
   */
  removeAndInstallHours: sourced<Readonly<Partial<Record<PanelId, number>>>>(
    {
      "front-bumper": 1.5,
      "rear-bumper": 1.2,
      "front-door-left": 0.5,
      "front-door-right": 0.5,
      "rear-door-left": 0.5,
      "rear-door-right": 0.5,
      "trunk-liftgate": 0.3,
    },
    ["cccMotorRefinishPremise", "assumption"],
    true,
    "Doors: handle and moulding; trunk lid / liftgate: emblems and handle; bumpers: the cover.",
  ),
  /** Labor to replace a part (remove the old, fit the new, transfer small parts). */
  replaceHours: sourced(
    {
      frontBumperCover: 2.5,
      rearBumperCover: 2.0,
      /** Transfer and reconnect bumper sensors when the cover carries them. */
      bumperSensors: 0.5,
      headlamp: 0.8,
      fogLamp: 0.5,
      taillamp: 0.4,
      mirror: 0.8,
      mirrorGlass: 0.3,
      grille: 0.5,
      trimPart: 0.3,
      interiorPart: 0.5,
    },
    "assumption",
    true,
  ),
  /** Mechanical hours to fit a wheel or tire (mount, balance, TPMS sensor transfer). */
  mechanicalHours: sourced({ mountTire: 0.4, mountWheel: 0.6 }, "assumption", true),
  pdr: sourced(
    {
      bands: [
        {
          id: "dime-nickel",
          label: "dime/nickel-size",
          maxSizeCm: 2.2,
          lowCents: 100_00,
          highCents: 150_00,
        },
        {
          id: "quarter",
          label: "quarter-size",
          maxSizeCm: 3.0,
          lowCents: 150_00,
          highCents: 225_00,
        },
        {
          id: "golf-ball",
          label: "golf-ball-size",
          maxSizeCm: 5.0,
          lowCents: 250_00,
          highCents: 375_00,
        },
        { id: "crease", label: "2–3″ crease", maxSizeCm: 7.6, lowCents: 400_00, highCents: 600_00 },
      ] as readonly PdrBand[],
      /** Midpoint of the published +15–30 % aluminum uplift. */
      aluminumUpliftPercent: 22.5,
      /** A minor dent without a size is priced as this band (assumption). */
      unknownSizeBand: "quarter" as PdrBand["id"],
    },
    "pdr",
    false,
    "The engine charges each band's midpoint; the band's low–high shows in the line.",
  ),
  /**
   * Hail: paintless repair of each panel priced from the matrix (dent count band × the size most
   * dents have). `null` is the matrix's "CR": too many or too large dents for PDR, so the panel
   * gets conventional repair and refinish instead. Horizontal panels (hood, roof, trunk lid) cost
   * more than the vertical ones; 101–200 dents exist only on horizontal panels.
   */
  hailMatrix: sourced(
    {
      horizontal: {
        "1-5": [125_00, 155_00, 185_00, 215_00],
        "6-15": [185_00, 215_00, 255_00, 325_00],
        "16-30": [255_00, 325_00, 375_00, 425_00],
        "31-50": [375_00, 425_00, 475_00, 575_00],
        "51-75": [475_00, 525_00, 625_00, 800_00],
        "76-100": [625_00, 725_00, 850_00, null],
        "101-150": [850_00, 1_000_00, 1_200_00, 1_500_00],
        "151-200": [1_200_00, 1_500_00, 1_800_00, null],
      },
      vertical: {
        "1-5": [95_00, 125_00, 155_00, 185_00],
        "6-15": [135_00, 175_00, 215_00, 255_00],
        "16-30": [185_00, 255_00, 325_00, 375_00],
        "31-50": [325_00, 375_00, 425_00, null],
        "51-75": [null, null, null, null],
        "76-100": [null, null, null, null],
        "101-150": [null, null, null, null],
        "151-200": [null, null, null, null],
      },
      /** Panels priced on the horizontal rows; every other sheet-metal panel is vertical. */
      horizontalPanels: ["hood", "roof", "trunk-liftgate"] as readonly PanelId[],
    } satisfies {
      horizontal: Record<HailDentCountBand, HailRow>;
      vertical: Record<HailDentCountBand, HailRow>;
      horizontalPanels: readonly PanelId[];
    },
    ["hailMatrix", "iapathMatrix"],
    true,
    "Columns: dime, nickel, quarter, half dollar.",
  ),
  /** Hail without a count and size is priced as this matrix cell, by severity (assumption). */
  hailDefaultCell: sourced<BySeverity<HailDetail>>(
    {
      minor: { dentCount: "6-15", dentSize: "nickel" },
      moderate: { dentCount: "16-30", dentSize: "quarter" },
      severe: { dentCount: "31-50", dentSize: "half-dollar" },
    },
    "assumption",
    true,
  ),
  /** Each dent larger than a half dollar, on top of the matrix price. */
  hailOversizeDentCents: sourced(50_00, "hailestOversize", true),
  /** Aluminum panels: mark-up on the matrix price (the middle of the published 20–25 %). */
  hailAluminumUpliftPercent: sourced(22.5, ["hailAluminum", "pdr"], true),
  /**
   * R&I for PDR access on hail-damaged panels, body hours: the roof needs the headliner down,
   * the trunk lid / liftgate its trim panel.
   */
  hailAccessHours: sourced<Readonly<Partial<Record<PanelId, { hours: number; what: string }>>>>(
    {
      roof: { hours: 2.0, what: "headliner" },
      "trunk-liftgate": { hours: 0.5, what: "trim panel" },
    },
    ["iapathMatrix", "assumption"],
    true,
    "The matrix excludes R&I for access; the hours are typical labor-guide magnitudes (assumption).",
  ),
  /**
   * Conventional dent repair (cracked paint, too large or severe for PDR): body hours grow with the
   * dent's longest dimension; the severity's hours are a floor. Panels without back access
   * (welded roof, quarter panels, rockers) take longer. A bolt-on panel with a dent larger than
   * `replaceAboveCm` is replaced instead.
   */
  dentRepair: sourced(
    {
      hoursBySize: [
        { maxSizeCm: 5, hours: 1.0 },
        { maxSizeCm: 10, hours: 1.5 },
        { maxSizeCm: 15, hours: 2.0 },
        { maxSizeCm: 25, hours: 3.0 },
        { maxSizeCm: 35, hours: 4.0 },
        { maxSizeCm: Number.POSITIVE_INFINITY, hours: 5.5 },
      ] as readonly { maxSizeCm: number; hours: number }[],
      limitedAccessMultiplier: 1.25,
      limitedAccessPanels: [
        "roof",
        "quarter-panel-left",
        "quarter-panel-right",
        "rocker-left",
        "rocker-right",
      ] as readonly PanelId[],
      replaceAboveCm: 45,
    },
    ["conventionalDent", "assumption"],
    true,
    "Chosen so a one-panel conventional dent repair sits in the published $400–1,500+ per panel.",
  ),
  /** Bolt-on sheet-metal panels that can be replaced: labor hours and the part by class. */
  panelReplacement: sourced<
    Readonly<Partial<Record<PanelId, { hours: number; partCents: ByClass; welded?: boolean }>>>
  >(
    {
      hood: { hours: 1.5, partCents: byClass(350_00, 500_00, 800_00, 1_200_00, 1_000_00) },
      // A bolt-on fender takes about 3 h to swap (EngineerFix).
      "front-fender-left": { hours: 3.0, partCents: FENDER },
      "front-fender-right": { hours: 3.0, partCents: FENDER },
      "front-door-left": { hours: 3.5, partCents: DOOR_SHELL },
      "front-door-right": { hours: 3.5, partCents: DOOR_SHELL },
      "rear-door-left": { hours: 3.0, partCents: DOOR_SHELL },
      "rear-door-right": { hours: 3.0, partCents: DOOR_SHELL },
      "trunk-liftgate": {
        hours: 2.0,
        partCents: byClass(400_00, 600_00, 900_00, 1_300_00, 1_100_00),
      },
      // Welded on: cut out and a new panel welded in (sectioning): the top of the published 16–23 h,
      // since the whole job runs to about 35 billable hours.
      "quarter-panel-left": { hours: 23, partCents: QUARTER, welded: true },
      "quarter-panel-right": { hours: 23, partCents: QUARTER, welded: true },
    },
    ["fenderReplacementEconomy", "quarterPanelSectioning", "assumption"],
    true,
    "Door shells and bolt-on panels; economy cars priced with aftermarket or used panels. Fender hours from EngineerFix, quarter panels (welded: replaced by sectioning, never for size alone) at the top of EngineerFix's 16–23 h; the others are our assumption.",
  ),
  /**
   * Aluminum panels in conventional repair: repair hours × `hoursMultiplier`, and all body labor on
   * the panel at the body rate × `specialistRateRatio` (aluminum needs its own tools and room).
   */
  aluminumRepair: sourced(
    { hoursMultiplier: 2.0, specialistRateRatio: 1.85 },
    ["edmundsF150Aluminum", "aluminumRates", "aluminumTime"],
    true,
    "Hours: 20 h on aluminum where steel takes 10 h (Edmunds' F-150 bed side), as insurers proposed (double time). Rate: just under the survey's ≈ 1.87 × (certified shops' $92/h average over the $49 body rate of the time); Edmunds' dealer charged 2 × ($120 against $60).",
  ),
  /**
   * Minimum charge per line, by operation: a shop never bills a buffed scuff at a fraction of an
   * hour. A labor line costing less than this is charged the minimum.
   */
  minimumChargeCents: sourced<Readonly<Partial<Record<"Polish" | "Repair", Cents>>>>(
    { Polish: 75_00, Repair: 50_00 },
    ["buffing", "pdrMinimum", "assumption"],
    true,
    "Polish: the low end of per-panel buffing prices. Repair: a body repair line is never billed below $50 (assumption, well under the $175 a PDR shop starts at).",
  ),
  /** Polish and buff work is detailer's work, charged at a detail rate, not the body rate. */
  detailLaborCentsPerHour: sourced(
    60_00,
    ["paintCorrection", "assumption"],
    true,
    "A detailer's day polishing a sedan ($500–1,000 for ≈ 8–12 h) is about $50–85/h.",
  ),
  /**
   * Damaged cameras and sensors: replace labor (body hours), the part by class and the calibration
   * the maker requires afterwards: static (targets in the shop), dynamic (a road drive with a scan
   * tool) or none. `accessByRemovingPanel`: the bumper cover comes off to reach the sensor (its
   * R&I is written once per panel); parking sensors are painted to the body color.
   */
  sensors: sourced<
    Readonly<
      Record<
        AdasSensor,
        {
          hours: number;
          partCents: ByClass;
          calibration: "static" | "dynamic" | "none";
          accessByRemovingPanel: boolean;
          refinishHours: number;
        }
      >
    >
  >(
    {
      "forward camera": {
        hours: 0.5,
        partCents: byClass(600_00, 700_00, 900_00, 1_100_00, 900_00),
        calibration: "static",
        accessByRemovingPanel: false,
        refinishHours: 0,
      },
      "front radar": {
        hours: 1.0,
        partCents: byClass(600_00, 650_00, 700_00, 720_00, 700_00),
        calibration: "static",
        accessByRemovingPanel: false,
        refinishHours: 0,
      },
      "parking sensors": {
        hours: 0.3,
        partCents: byClass(360_00, 420_00, 520_00, 650_00, 520_00),
        calibration: "none",
        accessByRemovingPanel: true,
        refinishHours: 0.3,
      },
      "blind-spot radar": {
        hours: 0.8,
        partCents: byClass(550_00, 700_00, 900_00, 1_200_00, 900_00),
        calibration: "static",
        accessByRemovingPanel: true,
        refinishHours: 0,
      },
      "surround-view camera": {
        hours: 0.5,
        partCents: byClass(330_00, 420_00, 550_00, 700_00, 550_00),
        calibration: "static",
        accessByRemovingPanel: false,
        refinishHours: 0,
      },
      "side camera": {
        hours: 0.6,
        partCents: byClass(330_00, 420_00, 550_00, 700_00, 550_00),
        calibration: "static",
        accessByRemovingPanel: false,
        refinishHours: 0,
      },
      "rear camera": {
        hours: 0.5,
        partCents: byClass(330_00, 420_00, 550_00, 700_00, 550_00),
        calibration: "dynamic",
        accessByRemovingPanel: false,
        refinishHours: 0,
      },
    },
    ["aaaAdas2018", "aaaAdas2023", "assumption"],
    true,
    "AAA gives installed ranges per sensor; the split into part, labor and calibration and by class is our assumption, chosen so each job sits in AAA's range.",
  ),
  /** A dynamic calibration (road drive with a scan tool), cheaper than a static one. */
  dynamicCalibrationCents: sourced(
    byClass(150_00, 180_00, 240_00, 300_00, 240_00),
    ["windshield", "assumption"],
    true,
    "Inside the published $150–600 calibration range; the split by class is our assumption.",
  ),
  /** Aim and initialize a new adaptive headlamp (scan tool), body hours. */
  adaptiveHeadlampAimHours: sourced(0.5, "assumption", true),
  /** Wheel curb-rash repair per wheel, by severity. */
  wheelRepairCents: sourced<BySeverity<Cents>>(
    { minor: 125_00, moderate: 160_00, severe: 200_00 },
    "curbRash",
    false,
  ),
  /** Tire puncture plug/patch (minor tire damage). */
  tireRepairCents: sourced(35_00, "assumption", true),
  /** Windshield chip repair (minor windshield damage). */
  windshieldChipRepairCents: sourced(100_00, "assumption", true),
  /** Installed windshield (glass shop, sublet), placed inside the published ranges by class. */
  windshieldCents: sourced(
    {
      withoutAdas: byClass(300_00, 375_00, 450_00, 550_00, 450_00),
      withAdas: byClass(1_200_00, 1_300_00, 1_450_00, 1_600_00, 1_500_00),
    },
    "windshield",
    true,
    "The source gives ranges only; the split by class is our assumption.",
  ),
  /** ADAS calibration after windshield or sensor-bumper work (sublet). */
  calibrationCents: sourced(
    byClass(250_00, 300_00, 400_00, 500_00, 400_00),
    "windshield",
    true,
    "Inside the published $150–600 range; the split by class is our assumption.",
  ),
  /** Installed side and rear glass (sublet). */
  sideGlassCents: sourced(byClass(250_00, 300_00, 400_00, 500_00, 400_00), "assumption", true),
  rearGlassCents: sourced(byClass(350_00, 450_00, 600_00, 800_00, 600_00), "assumption", true),
  parts: {
    bumperCover: sourced(
      byClass(200_00, 350_00, 550_00, 800_00, 600_00),
      ["bumperCover", "assumption"],
      true,
      "Economy: aftermarket cover; others OEM. Chosen so part + paint + labor sit in the published ranges.",
    ),
    headlampHalogen: sourced(
      byClass(160_00, 350_00, 450_00, 500_00, 400_00),
      "headlamp",
      true,
      "Economy: aftermarket (midpoint of $75–250); others OEM ($200–500+).",
    ),
    headlampHid: sourced(
      byClass(450_00, 650_00, 850_00, 1_100_00, 850_00),
      ["hidHeadlamp", "headlamp"],
      true,
      "From $400 for the assembly (xenon bulb and ballast included), rising with class; below OEM LED.",
    ),
    headlampLed: sourced(
      byClass(550_00, 1_000_00, 1_200_00, 1_500_00, 1_200_00),
      ["ledHeadlamp", "headlamp"],
      true,
      "Economy: aftermarket (midpoint of $300–800); others OEM ($700–1,500+).",
    ),
    headlampAdaptiveLed: sourced(
      byClass(1_400_00, 1_600_00, 1_800_00, 2_400_00, 2_000_00),
      ["adaptiveHeadlamp", "ledHeadlamp"],
      true,
      "Above the OEM LED range; dealer quotes of $1,800–2,400 per unit.",
    ),
    taillampLed: sourced(
      byClass(180_00, 320_00, 450_00, 650_00, 550_00),
      "taillampPrices",
      true,
      "Economy: aftermarket ($80–200); others OEM ($250–800+).",
    ),
    fogLamp: sourced(byClass(60_00, 100_00, 180_00, 250_00, 150_00), "assumption", true),
    taillamp: sourced(
      byClass(120_00, 200_00, 350_00, 500_00, 400_00),
      ["taillampPrices", "assumption"],
      true,
      "Bulb-type lamps, inside the published aftermarket and OEM ranges.",
    ),
    mirror: sourced(byClass(150_00, 250_00, 450_00, 700_00, 500_00), "assumption", true),
    mirrorGlass: sourced(byClass(50_00, 80_00, 150_00, 250_00, 150_00), "assumption", true),
    grille: sourced(byClass(120_00, 220_00, 400_00, 650_00, 350_00), "assumption", true),
    /** Moulding, emblem, clip set or bracket for a "missing or broken part" on a body panel. */
    trimPart: sourced(byClass(40_00, 60_00, 100_00, 150_00, 100_00), "assumption", true),
    wheel: sourced(byClass(200_00, 300_00, 500_00, 800_00, 600_00), "assumption", true),
    tire: sourced(
      byClass(120_00, 170_00, 250_00, 320_00, 280_00),
      "assumption",
      true,
      "EV tires (load-rated, low rolling resistance) cost more than mid-range ones.",
    ),
    centerCap: sourced(byClass(25_00, 35_00, 50_00, 75_00, 50_00), "assumption", true),
    interiorPart: sourced(byClass(60_00, 100_00, 150_00, 250_00, 150_00), "assumption", true),
  },
  /** Interior work done by a detailer or upholsterer (sublet), by severity. */
  interiorCents: sourced(
    {
      clean: { minor: 75_00, moderate: 150_00, severe: 250_00 },
      odor: { minor: 100_00, moderate: 150_00, severe: 250_00 },
      burn: { minor: 100_00, moderate: 175_00, severe: 300_00 },
      tear: { minor: 100_00, moderate: 200_00, severe: 450_00 },
    } satisfies Record<string, BySeverity<Cents>>,
    "assumption",
    true,
  ),
  /**
   * EV / hybrid: +30 % of body and mechanical labor hours. We take the percentage rather than
   * "+4 hours" because a flat 4 h would dwarf small jobs (a polished scuff); refinish time is
   * left alone because paint work on an EV is the same as on any car.
   */
  evLaborUpliftPercent: sourced(30, "cccCrashCourse", false),
  /** When `vehicle.hasAdas` is not given, the engine assumes ADAS from these. */
  adasAssumption: sourced(
    {
      fromModelYear: 2018,
      priceClasses: ["premium", "luxury", "ev-hybrid"] as readonly PriceClass[],
    },
    ["windshield", "assumption"],
    true,
  ),
  /** Business days added to the repair time when parts must be ordered. */
  partsWaitDays: sourced(1, "assumption", true),
  /**
   * Replace or repair a damaged bolt-on panel, the way estimators decide it: a new panel is
   * written when the repair labor reaches `repairShareOfReplacement` of what replacing costs
   * (part + replace labor), and always when the metal is torn (a severe crack).
   */
  replaceOrRepair: sourced(
    { repairShareOfReplacement: 0.75, replaceTornMetal: true },
    ["appraiserReplaceRule", "repairVsReplaceTrade", "creasedTornPanels", "aluminumReplaceTrend"],
    true,
    "The 75 % is the appraiser's rule of thumb, applied to the replacement's cost rather than the bare part so the labor of fitting the new panel counts too.",
  ),
  /**
   * Bodies known to be aluminum by make, model and model year: every sheet-metal panel is then
   * priced as aluminum, as if the host had listed it. Models match on letters and digits only
   * ("F150" is "F-150"); `excludes` keeps a sister model out ("Range Rover Sport").
   */
  aluminumBodies: sourced<readonly AluminumBody[]>(
    [
      { make: "Ford", models: ["F-150"], fromYear: 2015, source: "fordF150Aluminum" },
      {
        make: "Ford",
        models: ["F-250", "F-350", "F-450", "Super Duty"],
        fromYear: 2017,
        source: "fordSuperDutyExpeditionAluminum",
      },
      {
        make: "Ford",
        models: ["Expedition"],
        fromYear: 2018,
        source: "fordSuperDutyExpeditionAluminum",
      },
      { make: "Audi", models: ["A8"], fromYear: 1994, source: "luxuryAluminumBodies" },
      {
        make: "Land Rover",
        models: ["Range Rover"],
        excludes: ["Range Rover Sport", "Range Rover Evoque", "Range Rover Velar"],
        fromYear: 2013,
        source: "luxuryAluminumBodies",
      },
      { make: "Tesla", models: ["Model S"], fromYear: 2012, source: "teslaModelSAluminum" },
    ],
    [
      "fordF150Aluminum",
      "fordSuperDutyExpeditionAluminum",
      "luxuryAluminumBodies",
      "teslaModelSAluminum",
    ],
    false,
  ),
  /**
   * Pickups: the tailgate is its own part (a loaded OEM gate costs far more than a trunk lid, and
   * the camera, handle, lock and wiring move over to the new one); bed sides are refinished as
   * the large panels they are.
   */
  pickup: sourced(
    {
      tailgate: {
        hours: 3.0,
        partCents: byClass(500_00, 1_500_00, 2_000_00, 2_500_00, 2_000_00),
      },
      bedSideRefinishHours: 3.0,
    },
    ["pickupTailgate", "assumption"],
    true,
    "Tailgate: 3 h, the middle of the 2–4 h transfer; economy = an aftermarket shell ($300–800), others the low end of the $1,500–4,000 loaded OEM gate. Bed-side refinish hours are our assumption (a panel longer than a car's quarter panel).",
  ),
  /**
   * Tesla's cameras sit in the front fenders (side repeaters): refinishing or replacing a fender
   * moves the camera, so it is removed and refitted and its calibration cleared; the car then
   * recalibrates on a road drive.
   */
  teslaFenderCamera: sourced(
    {
      removeAndInstallHours: 0.2,
      panels: ["front-fender-left", "front-fender-right"] as readonly PanelId[],
      fromYear: 2017,
    },
    ["teslaCameraCalibration", "assumption"],
    true,
    "Camera models from 2017 (Autopilot 2 hardware); the road-drive calibration is priced as a dynamic calibration.",
  ),
  /** Interior work by seat material (sublet, by severity): leather costs more than cloth. */
  interiorByMaterial: sourced(
    {
      cloth: {
        stain: { minor: 75_00, moderate: 150_00, severe: 250_00 },
        burn: { minor: 75_00, moderate: 150_00, severe: 250_00 },
        tear: { minor: 75_00, moderate: 150_00, severe: 350_00 },
      },
      leather: {
        stain: { minor: 100_00, moderate: 200_00, severe: 350_00 },
        burn: { minor: 150_00, moderate: 300_00, severe: 500_00 },
        tear: { minor: 150_00, moderate: 300_00, severe: 900_00 },
      },
    } satisfies Record<InteriorMaterial, Record<"stain" | "burn" | "tear", BySeverity<Cents>>>,
    ["seatRepairByMaterial", "assumption"],
    true,
    "Inside cloth $75–250 and leather $150–500+; a severe tear replaces the cover (cloth ≈ $350) or the leather panel (up to $900). Leather stains are cleaned and conditioned, severe ones re-dyed.",
  ),
  /** Seat material when the vehicle doesn't say: leather on premium, luxury and EV/hybrid cars. */
  leatherPriceClasses: sourced(
    ["premium", "luxury", "ev-hybrid"] as readonly PriceClass[],
    "assumption",
    true,
  ),
  /** Pet hair removal: detailer's hours by severity, at the detail rate. */
  petHairHours: sourced<BySeverity<number>>(
    { minor: 1.5, moderate: 3.0, severe: 5.0 },
    "petHairRemoval",
    true,
    "The middle of each published band (1–2 h, 2–4 h, 4–6+ h).",
  ),
  /**
   * The marketplace's own cleaning fees as floors: a host can charge at least these, so an
   * estimate never prices the work below them. Pet hair: the 2018 tiers ($50 / $100 / $150 by
   * severity); odor: the smoking fees; two or more cleaning issues: the $250 "multiple" fee.
   */
  cleaningFloors: sourced(
    {
      petHair: { minor: 50_00, moderate: 100_00, severe: 150_00 } as BySeverity<Cents>,
      multipleIssuesCents: 250_00,
    },
    "turoCleaningTiers",
    false,
  ),
} as const;

/** A body known to be aluminum (see `ESTIMATE_TABLES.aluminumBodies`). */
export interface AluminumBody {
  make: string;
  models: readonly string[];
  excludes?: readonly string[];
  fromYear: number;
  toYear?: number;
  source: RateSourceId;
}

export type EstimateTables = typeof ESTIMATE_TABLES;

// ─── Rate card ──────────────────────────────────────────────────────────────────────────────────

export const RATE_FIELDS = [
  "bodyLaborCentsPerHour",
  "refinishLaborCentsPerHour",
  "mechanicalLaborCentsPerHour",
  "paintMaterialsCentsPerRefinishHour",
  "salesTaxPercent",
] as const;
export type RateField = (typeof RATE_FIELDS)[number];

/** An account's own shop rates; any field left out keeps the regional default. */
export type RateOverrides = Partial<Record<RateField, number>>;

export type RateOrigin = "state" | "national" | "account";

export interface RateCard extends Record<RateField, number> {
  /** The state code, or "US" for the national defaults. */
  region: UsStateCode | "US";
  regionName: string;
  /** When the default labor rates were measured ("2023-10"): their source's date, not today. */
  asOf: string;
  /** Where each rate came from. */
  origins: Readonly<Record<RateField, RateOrigin>>;
  /** What a reader should know about these rates, in plain language. */
  notes: string[];
  tables: EstimateTables;
}

/** Sane bounds for an account's own rates (rates must be positive; tax may be 0). */
export const RATE_OVERRIDE_LIMITS = {
  bodyLaborCentsPerHour: { label: "Body labor rate", kind: "cents", min: 1_00, max: 500_00 },
  refinishLaborCentsPerHour: {
    label: "Refinish labor rate",
    kind: "cents",
    min: 1_00,
    max: 500_00,
  },
  mechanicalLaborCentsPerHour: {
    label: "Mechanical labor rate",
    kind: "cents",
    min: 1_00,
    max: 500_00,
  },
  paintMaterialsCentsPerRefinishHour: {
    label: "Paint materials rate",
    kind: "cents",
    min: 1_00,
    max: 200_00,
  },
  salesTaxPercent: { label: "Sales tax", kind: "percent", min: 0, max: 15 },
} as const satisfies Record<RateField, NumberRule>;

export function isUsStateCode(value: unknown): value is UsStateCode {
  return typeof value === "string" && (US_STATE_CODES as readonly string[]).includes(value);
}

/** Field errors for an account's overrides (empty when valid); unknown fields are errors too. */
export function validateRateOverrides(overrides: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!(RATE_FIELDS as readonly string[]).includes(field)) {
      errors[field] = `Unknown rate "${field}".`;
      continue;
    }
    const message = checkNumber(value, RATE_OVERRIDE_LIMITS[field as RateField]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The default body labor rate for a state (or the nation), before any override. */
export function defaultBodyRateCents(state: UsStateCode | "US"): {
  cents: Cents;
  origin: "state" | "national";
} {
  const national = LABOR_DEFAULTS.nationalBodyCentsPerHour.value;
  if (state === "US") return { cents: national, origin: "national" };
  const defaults = US_STATE_DEFAULTS[state];
  if (defaults.mitchell2017BodyCents !== undefined) {
    return {
      cents: roundToCents(
        (national * defaults.mitchell2017BodyCents) / LABOR_DEFAULTS.mitchell2017MeanCents.value,
      ),
      origin: "state",
    };
  }
  if (defaults.insurerPaid2022BodyCents !== undefined) {
    const rise = 1 + LABOR_DEFAULTS.insurerRateRise2023Percent.value / 100;
    return { cents: roundToCents(defaults.insurerPaid2022BodyCents * rise), origin: "state" };
  }
  return { cents: national, origin: "national" };
}

/**
 * The rate card for an estimate: the state's default rates (national ones when `state` is
 * empty, "US" or a state without published labor figures) with the account's own shop rates on
 * top. Throws `InvalidInputError` for an unknown state or invalid overrides.
 */
export function resolveRateCard(state?: string | null, overrides: RateOverrides = {}): RateCard {
  const code = (state ?? "").trim().toUpperCase();
  const region: UsStateCode | "US" | null =
    code === "" || code === "US" ? "US" : isUsStateCode(code) ? code : null;
  if (region === null) {
    assertValid(
      { state: `Unknown US state "${state}". Use a two-letter code like "CA".` },
      "rate card",
    );
  }
  assertValid(validateRateOverrides(overrides), "rate card");
  const resolvedRegion = region ?? "US";
  const stateDefaults = resolvedRegion === "US" ? null : US_STATE_DEFAULTS[resolvedRegion];

  const body = defaultBodyRateCents(resolvedRegion);
  const defaults: Record<RateField, number> = {
    bodyLaborCentsPerHour: body.cents,
    refinishLaborCentsPerHour: roundToCents(body.cents * LABOR_DEFAULTS.refinishToBodyRatio.value),
    mechanicalLaborCentsPerHour: roundToCents(
      body.cents * LABOR_DEFAULTS.mechanicalToBodyRatio.value,
    ),
    paintMaterialsCentsPerRefinishHour: roundToCents(
      LABOR_DEFAULTS.nationalBodyCentsPerHour.value *
        LABOR_DEFAULTS.paintMaterialsToBodyRatio.value,
    ),
    salesTaxPercent: stateDefaults?.salesTaxPercent ?? NATIONAL_DEFAULT_SALES_TAX.value,
  };
  const origins: Record<RateField, RateOrigin> = {
    bodyLaborCentsPerHour: body.origin,
    refinishLaborCentsPerHour: body.origin,
    mechanicalLaborCentsPerHour: body.origin,
    paintMaterialsCentsPerRefinishHour: "national",
    salesTaxPercent: stateDefaults ? "state" : "national",
  };
  const rates = { ...defaults };
  for (const field of RATE_FIELDS) {
    const value = overrides[field];
    if (value !== undefined) {
      rates[field] = value;
      origins[field] = "account";
    }
  }

  const regionName = stateDefaults?.name ?? "United States";
  const notes: string[] = [];
  const laborFields = RATE_FIELDS.filter((field) => field !== "salesTaxPercent");
  if (laborFields.some((field) => origins[field] === "account")) {
    notes.push("Your shop's own rates are used where you entered them.");
  }
  if (stateDefaults && body.origin === "national" && origins.bodyLaborCentsPerHour !== "account") {
    notes.push(
      `No published labor rate for ${regionName}: labor rates are the US average. Enter your shop's rates for a closer estimate.`,
    );
  }
  if (origins.salesTaxPercent === "national") {
    notes.push(
      `No state chosen: sales tax is ${NATIONAL_DEFAULT_SALES_TAX.value} %, the most common state rate.`,
    );
  } else if (origins.salesTaxPercent === "state") {
    notes.push(
      `Sales tax is ${regionName}'s state rate (${defaults.salesTaxPercent} %); local sales taxes are not included.`,
    );
    if (stateDefaults?.weakTax) notes.push(stateDefaults.weakTax);
  }

  return {
    region: resolvedRegion,
    regionName,
    // Every regional labor default is scaled from the national survey figure, so the rates are
    // as of that survey, however recently the table was checked.
    asOf: RATE_SOURCES[LABOR_DEFAULTS.nationalBodyCentsPerHour.sources[0]!].published,
    ...rates,
    origins,
    notes,
    tables: ESTIMATE_TABLES,
  };
}
