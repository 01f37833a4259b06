import {
  ArrowRightIcon,
  AwardIcon,
  BookOpenIcon,
  BriefcaseIcon,
  BugIcon,
  Building2Icon,
  CalendarIcon,
  CircleHelpIcon,
  CloudIcon,
  CodeIcon,
  DownloadIcon,
  FileTextIcon,
  FlaskConicalIcon,
  GlobeIcon,
  GraduationCapIcon,
  HandshakeIcon,
  KeyRoundIcon,
  LaptopIcon,
  LayersIcon,
  LibraryIcon,
  LifeBuoyIcon,
  type LucideIcon,
  MailIcon,
  MessageCircleIcon,
  MonitorIcon,
  NetworkIcon,
  NewspaperIcon,
  PresentationIcon,
  ScaleIcon,
  SchoolIcon,
  SearchIcon,
  ServerIcon,
  ShieldCheckIcon,
  TerminalIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';

/**
 * The icons a giantIconButton may name in `customAttributes.icon` (spec §5
 * "Widgets": "icon name"), by their Lucide names. A fixed set, so the page bundle
 * carries these few rather than the whole icon library; the page builder (issue 9)
 * offers exactly these names. An unknown or empty name draws {@link DEFAULT_GIANT_ICON}.
 */
export const GIANT_BUTTON_ICONS = {
  'arrow-right': ArrowRightIcon,
  award: AwardIcon,
  'book-open': BookOpenIcon,
  briefcase: BriefcaseIcon,
  bug: BugIcon,
  'building-2': Building2Icon,
  calendar: CalendarIcon,
  'circle-help': CircleHelpIcon,
  cloud: CloudIcon,
  code: CodeIcon,
  download: DownloadIcon,
  'file-text': FileTextIcon,
  'flask-conical': FlaskConicalIcon,
  globe: GlobeIcon,
  'graduation-cap': GraduationCapIcon,
  handshake: HandshakeIcon,
  'key-round': KeyRoundIcon,
  laptop: LaptopIcon,
  layers: LayersIcon,
  library: LibraryIcon,
  'life-buoy': LifeBuoyIcon,
  mail: MailIcon,
  'message-circle': MessageCircleIcon,
  monitor: MonitorIcon,
  network: NetworkIcon,
  newspaper: NewspaperIcon,
  presentation: PresentationIcon,
  scale: ScaleIcon,
  school: SchoolIcon,
  search: SearchIcon,
  server: ServerIcon,
  'shield-check': ShieldCheckIcon,
  terminal: TerminalIcon,
  users: UsersIcon,
  video: VideoIcon,
} as const satisfies Record<string, LucideIcon>;

/** An icon name of {@link GIANT_BUTTON_ICONS}. */
export type GiantButtonIconName = keyof typeof GIANT_BUTTON_ICONS;

/** What a giantIconButton without a known icon name draws. */
export const DEFAULT_GIANT_ICON: LucideIcon = ArrowRightIcon;

/** The icon of a giantIconButton's `customAttributes.icon` (decorative; the name is the button's text). */
export function giantButtonIcon(name: string): LucideIcon {
  return Object.hasOwn(GIANT_BUTTON_ICONS, name) ? GIANT_BUTTON_ICONS[name as GiantButtonIconName] : DEFAULT_GIANT_ICON;
}
