import type { SectionWidget } from '#shared/contracts/page';
import { FeatureItemWidgetView, TeamMemberWidgetView } from './card-widgets.tsx';
import { CollectionsWidgetView } from './collections-widget.tsx';
import { CallToActionWidgetView, FileWidgetView, GiantIconButtonWidgetView } from './link-widgets.tsx';
import { CoverImageWidgetView, ImageWidgetView, YouTubeWidgetView } from './media-widgets.tsx';
import { CalloutBoxWidgetView, ContentBoxWidgetView, HeadingWidgetView } from './text-widgets.tsx';

/**
 * One section widget, read-only, by its kind (the eleven kinds of spec §3 "Section
 * widget", and the curated collections of issue 26 item 2). `sectionName` names a video frame that has no title of its own.
 */
export function WidgetView({ widget, sectionName }: { widget: SectionWidget; sectionName?: string }) {
  switch (widget.kind) {
    case 'heading':
      return <HeadingWidgetView widget={widget} />;
    case 'calloutBox':
      return <CalloutBoxWidgetView widget={widget} />;
    case 'contentBox':
      return <ContentBoxWidgetView widget={widget} />;
    case 'callToAction':
      return <CallToActionWidgetView widget={widget} />;
    case 'coverImage':
      return <CoverImageWidgetView widget={widget} />;
    case 'teamMember':
      return <TeamMemberWidgetView widget={widget} />;
    case 'image':
      return <ImageWidgetView widget={widget} />;
    case 'featureItem':
      return <FeatureItemWidgetView widget={widget} />;
    case 'youTube':
      return <YouTubeWidgetView widget={widget} videoTitle={sectionName} />;
    case 'giantIconButton':
      return <GiantIconButtonWidgetView widget={widget} />;
    case 'file':
      return <FileWidgetView widget={widget} />;
    case 'collections':
      return <CollectionsWidgetView widget={widget} />;
  }
}
